import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPasswordInput, LoginInput } from '@kc/domain';
import { api } from '../../shared/api';
import { ME_KEY, fetchMe } from '../shared/me';

/**
 * `POST /api/admin/login`, then who it is: the query cache of whoever was signed in before is
 * dropped, and the new operator is in ME_KEY before the caller moves on.
 */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      // A browser that opened /admin/login first has made no API call yet, so it holds no
      // XSRF-TOKEN cookie, and the login (a write) would be refused: any GET /api sets one.
      if (!/(?:^|;\s*)XSRF-TOKEN=/.test(document.cookie)) await fetchMe();
      await api.post('/api/admin/login', { ...input });
      queryClient.clear();
      return queryClient.fetchQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 0 });
    },
  });
}

/** `POST /api/admin/password`: the other sessions of this operator end; this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: AdminPasswordInput) => api.post<null>('/api/admin/password', { ...input }),
  });
}
