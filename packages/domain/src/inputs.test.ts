import { describe, expect, it } from 'vitest';
import { setStaffSchema } from './account-admin.js';
import { cartAddSchema, cartEditSchema, cartQuickAddSchema } from './cart.js';
import { goodsListQuerySchema } from './catalog.js';
import { articleInputSchema } from './content-schemas.js';
import {
  MAX_QUANTITY,
  dateTimeSchema,
  dayOrTimestampSchema,
  idOrZeroSchema,
  quantitySchema,
  textSchema,
  yuanInputSchema,
} from './inputs.js';
import {
  moneyLogQuerySchema,
  orderListQuerySchema,
  placeOrderSchema,
  returnRequestSchema,
} from './order/schemas.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('one quantity rule for every path', () => {
  it.each([
    [1, true],
    [MAX_QUANTITY, true],
    [MAX_QUANTITY + 1, false],
    [2 ** 31, false],
    [2 ** 53 + 1, false],
    [1e308, false],
    ['1e400', false],
    ['NaN', false],
  ])('quantity %s → accepted %s', (n, accepted) => {
    expect(quantitySchema().safeParse(n).success).toBe(accepted);
  });

  const add = (number: unknown) => cartAddSchema.safeParse({ params: [{ goods_id: 5, number }] });
  const edit = (number: unknown) => cartEditSchema.safeParse({ number });
  const quick = (number: unknown) => cartQuickAddSchema.safeParse({ number });
  const ret = (number: unknown) =>
    returnRequestSchema.safeParse({ kind: 'return', lines: [{ line_id: 1, number }], reason: '其他' });
  it.each([
    ['cart add', add],
    ['cart edit', edit],
    ['quick add', quick],
    ['return', ret],
  ] as const)('%s refuses 2^31 with the limit message', (_path, check) => {
    expect(firstMessage(check(2 ** 31))).toMatch(/不能超过99999$/);
    expect(check(10).success).toBe(true);
  });
});

describe('days and timestamps', () => {
  it.each([
    ['2026-02-28', true],
    ['1767196800', true],
    ['2026-02-30', false],
    ['9999-99-99', false],
    ['0000-00-00', false],
    ['9007199254740993', false],
    ['99999999999999999999', false],
    ['1e308', false],
    ['2101-01-02', false],
  ])('%s → accepted %s', (v, accepted) => {
    expect(dayOrTimestampSchema.safeParse(v).success).toBe(accepted);
    expect(orderListQuerySchema.safeParse({ end_time: v }).success).toBe(accepted);
    expect(moneyLogQuerySchema.safeParse({ start_time: v }).success).toBe(accepted);
  });

  it.each([
    ['2026-05-01 10:00', true],
    ['2026-05-01T10:00:00Z', true],
    ['2026-02-30x', false],
    ['9999-99-99', false],
    ['+275760-09-13', false],
    ['1e308', false],
  ])('date and time %s → accepted %s', (v, accepted) => {
    expect(dateTimeSchema.safeParse(v).success).toBe(accepted);
    const article = articleInputSchema.safeParse({ published_at: v });
    const refused = !article.success && article.error.issues.some((i) => i.path[0] === 'published_at');
    expect(refused).toBe(!accepted);
  });
});

describe('amounts, texts and ids stay inside what a column holds', () => {
  it.each([
    ['12.90', true],
    ['9999999.99', true],
    ['10000000', false],
    ['2147483648', false],
    ['1.999', false],
    ['-1', false],
  ])('yuan %s → accepted %s', (v, accepted) => {
    expect(yuanInputSchema().safeParse(v).success).toBe(accepted);
    expect(placeOrderSchema.safeParse({ address_id: 1, expected_payable: v }).success).toBe(accepted);
  });

  it.each([
    [50, true],
    [51, false],
    [100_000, false],
  ])('text of %i characters under a 50 limit → accepted %s', (n, accepted) => {
    expect(textSchema('备注', 50).safeParse('字'.repeat(n)).success).toBe(accepted);
  });

  it.each([
    [0, true],
    [2_147_483_647, true],
    [2_147_483_648, false],
    [-1, false],
  ])('id or zero %i → accepted %s', (v, accepted) => {
    expect(idOrZeroSchema('优惠券').safeParse(v).success).toBe(accepted);
    expect(setStaffSchema.safeParse({ staff_id: v }).success).toBe(accepted);
    expect(placeOrderSchema.safeParse({ address_id: 1, coupon_id: v }).success).toBe(accepted);
  });

  it.each(['select', 'brand'])('goods list %s past int4 → refused', (field) => {
    expect(goodsListQuerySchema.safeParse({ [field]: '2147483648' }).success).toBe(false);
    expect(goodsListQuerySchema.safeParse({ [field]: '2147483647' }).success).toBe(true);
  });

  it.each(['2147483648', '2', '-1'])('cart line type %s → refused', (type) => {
    expect(cartQuickAddSchema.safeParse({ type }).success).toBe(false);
    expect(cartAddSchema.safeParse({ params: [{ goods_id: 5, number: 1, type }] }).success).toBe(false);
  });
});
