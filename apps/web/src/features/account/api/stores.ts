import { queryOptions } from '@tanstack/react-query';
import type { StoreView, UserProfile } from '@kc/domain';
import { api } from '../../../shared/api';

/** `GET /api/user/phone/{phone}`: the stores behind the member's own mobile. */
export function storesQuery(phone: string) {
  return queryOptions({
    queryKey: ['user', 'stores', phone],
    queryFn: ({ signal }) =>
      api.get<StoreView[]>(`/api/user/phone/${encodeURIComponent(phone)}`, undefined, { signal }),
    enabled: phone !== '',
  });
}

/** `POST /api/user/switch_store`: a new session as another store behind the same mobile. */
export function switchStore(id: number): Promise<{ token: string; user: UserProfile }> {
  return api.post<{ token: string; user: UserProfile }>('/api/user/switch_store', { id });
}
