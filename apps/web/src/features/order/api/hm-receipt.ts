import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HmInfoView } from '@kc/domain';
import { api } from '../../../shared/api';
import { ORDER_KEY } from '../../../shared/order/keys';

export interface ReceiptVars {
  orderId: number;
  /** A JPG, PNG or PDF of at most 5 MB. */
  file: File;
}

/** `POST /api/order/{id}/hm_receipt` (multipart, `file`): the arrival receipt (到货回执) of a 含麻 order. */
export const hmReceiptRequest = ({ orderId, file }: ReceiptVars) =>
  api.upload<HmInfoView>(`/api/order/${orderId}/hm_receipt`, {}, { file });

/** The hanma list and the order's detail both show the receipt state: read them again. */
export function useHmReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: hmReceiptRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: ORDER_KEY }),
  });
}
