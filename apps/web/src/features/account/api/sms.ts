import type { CreateCodeInput, CreateCodeReply } from '@kc/domain';
import { api } from '../../../shared/api';

/** `POST /api/user/create_code`: sends a code for one scene (register, login, reset…). */
export function createCode(input: CreateCodeInput): Promise<CreateCodeReply> {
  return api.post<CreateCodeReply>('/api/user/create_code', { ...input });
}
