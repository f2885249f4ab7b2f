import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckOrderView } from '@kc/domain';
import { CHECKOUT_PREVIEW_KEY } from '../../../shared/cart/keys';
import {
  newIdempotencyKey,
  refusalOfPlace,
  usePlaceOrder,
  type PlaceOrderParams,
  type PlaceRefusal,
} from '../api/place';

type OrderFields = Omit<
  PlaceOrderParams,
  'idempotency_key' | 'expected_payable' | 'ids' | 'coupon_id' | 'voucher_id'
>;

/**
 * Places the order shown. One idempotency key per visit of the page: a double click, a
 * timeout or a retry after a refusal sends the same key, so the server never makes two
 * orders. A refusal because the amount changed replaces the preview with the new one.
 */
export function useSubmitOrder(previewKey: readonly unknown[]) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const place = usePlaceOrder();
  const [key] = useState(newIdempotencyKey);
  const [refusal, setRefusal] = useState<PlaceRefusal | null>(null);
  // Set before the first await: two clicks in one tick still make one request.
  const busy = useRef(false);

  const submit = async (preview: CheckOrderView, fields: () => Promise<OrderFields | null>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      const values = await fields();
      if (!values) return;
      setRefusal(null);
      const order = await place.mutateAsync({
        ...values,
        ids: preview.ids,
        coupon_id: preview.coupon_id,
        voucher_id: preview.voucher_id,
        expected_payable: preview.amounts.payable,
        idempotency_key: key,
      });
      client.removeQueries({ queryKey: CHECKOUT_PREVIEW_KEY });
      void navigate(order.pay_path);
    } catch (error) {
      const found = refusalOfPlace(error);
      if (found?.kind === 'amount_changed') client.setQueryData(previewKey, found.preview);
      setRefusal(found);
    } finally {
      busy.current = false;
    }
  };

  return { submit, refusal, submitting: place.isPending };
}
