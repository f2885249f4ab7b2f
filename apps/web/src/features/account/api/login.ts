import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, UserProfile } from '@kc/domain';
import { api } from '../../../shared/api';
import { USER_KEY } from '../../../shared/session/keys';
import { userQuery } from '../../../shared/session/user';

export interface LoginReply {
  token: string;
  user: UserProfile;
}

/** `POST /api/login` with form fields username and password. */
export function loginRequest(input: LoginInput): Promise<LoginReply> {
  return api.post<LoginReply>('/api/login', { ...input });
}

/**
 * Login, then read the profile afresh before leaving the page so that the header and the
 * members-only route guard see the member at once.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginRequest,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      await queryClient.fetchQuery({ ...userQuery, staleTime: 0 });
    },
  });
}
