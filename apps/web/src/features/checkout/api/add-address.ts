import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, AddressView } from '@kc/domain';
import { api } from '../../../shared/api';
import { ADDRESSES_KEY } from '../../../shared/session/keys';

/** `POST /api/user/address` (docs/api/account.md): a new delivery address. */
export const addAddressRequest = (input: AddressInput) =>
  api.post<AddressView>('/api/user/address', { ...input });

/** Adds an address; the address book reads again, the check-order page selects it. */
export function useAddAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addAddressRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
