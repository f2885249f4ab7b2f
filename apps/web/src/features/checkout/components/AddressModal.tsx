import type { AddressView } from '@kc/domain';
import { AddressForm } from '../../../shared/forms/AddressForm';
import { useAddAddress } from '../api/add-address';

interface Props {
  open: boolean;
  onClose: () => void;
  onAdded: (address: AddressView) => void;
}

/** 新增收货地址 on the check-order page: the account centre's address dialog, saving through checkout's call. */
export function AddressModal({ open, onClose, onAdded }: Props) {
  const add = useAddAddress();
  return (
    <AddressForm
      editing={null}
      open={open}
      pending={add.isPending}
      onCancel={onClose}
      onSubmit={(input) => add.mutate(input, { onSuccess: (address) => onAdded(address) })}
    />
  );
}
