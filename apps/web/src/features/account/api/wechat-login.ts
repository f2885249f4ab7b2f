import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../shared/api';
import type { LoginReply } from './login';
import { USER_KEY } from '../../../shared/session/keys';
import { userQuery } from '../../../shared/session/user';

/** `POST /api/login/wechat`: logs into the member bound to the WeChat that returned `code`. */
export function wechatLoginRequest(code: string): Promise<LoginReply> {
  // Silent: "not bound yet" is answered on the page with a way to register.
  return api.post<LoginReply>('/api/login/wechat', { code }, { silent: true });
}

/** True when the server says this WeChat has no account yet (`data.need_register`). */
export function needsRegister(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const data = error.data as { need_register?: number } | null;
  return data?.need_register === 1;
}

export function useWechatLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: wechatLoginRequest,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      await queryClient.fetchQuery({ ...userQuery, staleTime: 0 });
    },
  });
}
