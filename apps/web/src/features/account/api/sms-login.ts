import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmsLoginInput } from '@kc/domain';
import { api } from '../../../shared/api';
import type { LoginReply } from './login';
import { USER_KEY } from '../../../shared/session/keys';
import { userQuery } from '../../../shared/session/user';

/** `POST /api/login/sms`: mobile and a code of scene `login`. */
export function smsLoginRequest(input: SmsLoginInput): Promise<LoginReply> {
  return api.post<LoginReply>('/api/login/sms', { ...input });
}

/** Like the password login: the profile is read afresh before the page moves on. */
export function useSmsLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: smsLoginRequest,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      await queryClient.fetchQuery({ ...userQuery, staleTime: 0 });
    },
  });
}
