import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { navigation } from '../../shared/api';

/**
 * SPEC §4's login flag, kept under this sessionStorage key. A flow that changes the session
 * outside the SPA's knowledge (a WeChat bind or login finished in another page, an old page
 * of the original site) sets it to '1'; the next route change clears it and reloads, so every
 * cached member view starts afresh.
 */
export const LOGIN_FLAG_KEY = 'login_flag';

export function markSessionChanged(): void {
  sessionStorage.setItem(LOGIN_FLAG_KEY, '1');
}

export function useLoginFlag(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (sessionStorage.getItem(LOGIN_FLAG_KEY) !== '1') return;
    sessionStorage.removeItem(LOGIN_FLAG_KEY);
    navigation.reload();
  }, [key]);
}
