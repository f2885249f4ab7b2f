import { queryOptions } from '@tanstack/react-query';
import type { AddressInput, AddressView } from '@kc/domain';
import { api } from '../../../shared/api';
import { ADDRESSES_KEY } from '../../../shared/session/keys';

/** `GET /api/user/address`: the member's delivery addresses, default first. */
export const addressesQuery = queryOptions({
  queryKey: ADDRESSES_KEY,
  queryFn: ({ signal }) => api.get<AddressView[]>('/api/user/address', undefined, { signal }),
});

/** `POST /api/user/address` (new) or `POST /api/user/address/{id}` (edit). */
export function saveAddress(input: AddressInput, id?: number): Promise<AddressView> {
  return api.post<AddressView>(id ? `/api/user/address/${id}` : '/api/user/address', { ...input });
}

/** `DELETE /api/user/address/{id}`. */
export function deleteAddress(id: number): Promise<null> {
  return api.del<null>(`/api/user/address/${id}`);
}

/** `POST /api/user/address/{id}/default`. */
export function setDefaultAddress(id: number): Promise<AddressView> {
  return api.post<AddressView>(`/api/user/address/${id}/default`);
}
