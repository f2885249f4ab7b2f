import { useQuery } from '@tanstack/react-query';
import type { AddressView } from '@kc/domain';
import { api } from '../../../shared/api';
import { ADDRESSES_KEY } from '../../../shared/session/keys';

/** `GET /api/user/address`: the member's addresses, default first (the redeem modal picks one). */
export const useAddresses = (enabled: boolean) =>
  useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: ({ signal }) => api.get<AddressView[]>('/api/user/address', undefined, { signal }),
    enabled,
  });
