import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod, PayResultView } from '@kc/domain';
import { api } from '../../../shared/api';
import { USER_KEY } from '../../../shared/session/keys';
import { ORDER_KEY } from '../../../shared/order/keys';

/** The purchaser of 含麻 goods (hmPurchaserSchema), recorded with the payment. */
export interface HmPurchaser {
  purchaser_name: string;
  purchaser_id_no: string;
  purchaser_phone: string;
}

export interface PayParams {
  id: number;
  method: PaymentMethod;
  purchaser?: HmPurchaser;
  /** 余额支付: the payment password, and an SMS code above the member's amount. */
  pay_password?: string;
  sms_code?: string;
}

/** `POST /api/order/{id}/pay`: pays by balance, chooses a bank transfer, or opens the gateway. */
export const payOrderRequest = ({ id, method, purchaser, pay_password, sms_code }: PayParams) =>
  api.post<PayResultView>(`/api/order/${id}/pay`, {
    method,
    ...purchaser,
    ...(pay_password ? { pay_password } : {}),
    ...(sms_code ? { sms_code } : {}),
  });

/** Pays the order; the order, the balance and the lists change with it. */
export function usePayOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payOrderRequest,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ORDER_KEY });
      void client.invalidateQueries({ queryKey: USER_KEY });
    },
  });
}
