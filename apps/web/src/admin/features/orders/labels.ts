import { ORDER_STATUS_TEXT, PAYMENT_METHODS, RETURN_STATUS_TEXT, type ReturnStatus } from '@kc/domain';

/** The status tabs of the orders list: every status, then 全部 ('all'). */
export const ORDER_TABS = [
  { key: '1', label: ORDER_STATUS_TEXT[1] },
  { key: '0', label: ORDER_STATUS_TEXT[0] },
  { key: '2', label: ORDER_STATUS_TEXT[2] },
  { key: '3', label: ORDER_STATUS_TEXT[3] },
  { key: '4', label: ORDER_STATUS_TEXT[4] },
  { key: 'all', label: '全部' },
];

export const ORDER_STATUS_COLOR: Record<number, string> = {
  0: 'gold',
  1: 'blue',
  2: 'cyan',
  3: 'green',
  4: 'default',
};

export const PAYMENT_OPTIONS = Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label }));

export const RETURN_TABS: { key: ReturnStatus | 'all'; label: string }[] = [
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '待退货' },
  { key: 'received', label: '待退款' },
  { key: 'refunded', label: RETURN_STATUS_TEXT.refunded },
  { key: 'rejected', label: RETURN_STATUS_TEXT.rejected },
  { key: 'all', label: '全部' },
];

export const RETURN_STATUS_COLOR: Record<ReturnStatus, string> = {
  pending: 'gold',
  approved: 'blue',
  received: 'cyan',
  refunded: 'green',
  rejected: 'default',
};

/** The carriers the warehouse ships with most (any other may be typed). */
export const CARRIERS = [
  '顺丰速运',
  '京东物流',
  '中通快递',
  '圆通速递',
  '韵达快递',
  '申通快递',
  '德邦快递',
  'EMS',
  '极兔速递',
];

export const ACTOR_TEXT = { member: '买家', operator: '运营', system: '系统' } as const;

/** The first message of a domain schema's failure for these values, or null when they pass. */
export function firstError(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  values: unknown,
): string | null {
  const r = schema.safeParse(values);
  return r.success ? null : (r.error?.issues[0]?.message ?? '输入有误');
}
