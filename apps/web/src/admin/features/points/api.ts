import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPointsGoodsView, AdminPointsOrderRowView, PointsGoodsInput } from '@kc/domain';
import { api } from '../../../shared/api';

/** The lists' paths (usePagedTable keys start with them). */
export const GIFTS_PATH = '/api/admin/points/goods';
export const POINTS_ORDERS_PATH = '/api/admin/points/orders';

/** The form's values as the call takes them (on_sale as 0/1). */
export type GiftForm = Omit<PointsGoodsInput, 'on_sale'> & { on_sale: boolean };

/** `POST /api/admin/points/goods` (new) or `/api/admin/points/goods/{id}` (edit); the list reads again. */
export function useSaveGift() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number | null; form: GiftForm }) =>
      api.post<AdminPointsGoodsView>(id ? `${GIFTS_PATH}/${id}` : GIFTS_PATH, {
        ...form,
        on_sale: form.on_sale ? 1 : 0,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', GIFTS_PATH] }),
  });
}

/** Ship (carrier, tracking_no) or cancel (reason) a points order; the list reads again. */
export function usePointsOrderAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      body,
    }: {
      id: number;
      action: 'ship' | 'cancel';
      body: Record<string, string>;
    }) => api.post<AdminPointsOrderRowView>(`${POINTS_ORDERS_PATH}/${id}/${action}`, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', POINTS_ORDERS_PATH] });
      void qc.invalidateQueries({ queryKey: ['admin', GIFTS_PATH] });
    },
  });
}

/** The first message a shared schema gives for the values, or null. */
export function firstError(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  values: unknown,
): string | null {
  const r = schema.safeParse(values);
  return r.success ? null : (r.error?.issues[0]?.message ?? '输入有误');
}

export const CARRIERS = [
  '顺丰速运',
  '京东物流',
  '中通快递',
  '圆通速递',
  '韵达快递',
  '申通快递',
  '中国邮政EMS',
];
