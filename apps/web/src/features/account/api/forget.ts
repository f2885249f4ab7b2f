import type { ForgetVerifyInput, ForgetVerifyReply, ResetPasswordInput } from '@kc/domain';
import { api } from '../../../shared/api';

/** `POST /api/user/forget/verify` (step 1): checks mobile + code, replies with a reset ticket. */
export function forgetVerify(input: ForgetVerifyInput): Promise<ForgetVerifyReply> {
  return api.post<ForgetVerifyReply>('/api/user/forget/verify', { ...input });
}

/** `POST api/user/resetPassword` (step 2): the new password with the step 1 ticket. */
export function resetPassword(input: ResetPasswordInput): Promise<null> {
  return api.post<null>('api/user/resetPassword', { ...input });
}

/** The ticket travels from step 1 to step 2 in this tab only (it is also an HttpOnly cookie). */
const TICKET_KEY = 'kc_reset_ticket';

export const resetTicket = {
  save(reply: ForgetVerifyReply): void {
    sessionStorage.setItem(TICKET_KEY, JSON.stringify(reply));
  },
  read(): ForgetVerifyReply | null {
    const raw = sessionStorage.getItem(TICKET_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as ForgetVerifyReply;
    } catch {
      return null;
    }
  },
  clear(): void {
    sessionStorage.removeItem(TICKET_KEY);
  },
};
