import type { UpdateUserInfoInput, UserProfile } from '@kc/domain';
import { api } from '../../../shared/api';

/** `POST api/user/updateUserInfo`: name and phone; a new phone carries a `change_phone` code. */
export function updateUserInfo(input: UpdateUserInfoInput): Promise<UserProfile> {
  return api.post<UserProfile>('api/user/updateUserInfo', { ...input });
}
