import { describe, expect, it } from 'vitest';
import {
  availableCouponQuerySchema,
  hmPurchaserSchema,
  moneyLogQuerySchema,
  orderListQuerySchema,
  placeOrderSchema,
  returnRequestSchema,
} from './schemas.js';

type Result = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
const first = (r: Result) => (r.success ? null : (r.error?.issues[0]?.message ?? ''));
const firstPath = (r: Result) => (r.success ? null : (r.error?.issues[0]?.path.join('.') ?? ''));

const ordinary = { invoice_title: '杭州康宁大药房有限公司', tax_no: '91330106MA2CFK3X1L' };
const special = {
  ...ordinary,
  invoice_bank: '中国工商银行杭州文三路支行',
  invoice_account: '1202021109900012345',
  invoice_address: '浙江省杭州市西湖区文三路 398 号',
  invoice_phone: '0571-88886666',
};

describe('placeOrderSchema', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['no invoice, nothing else needed', { address_id: '3' }, null],
    ['invoice_type blank means none', { address_id: '3', invoice_type: '' }, null],
    ['missing address', {}, '请选择收货地址'],
    ['blank address', { address_id: '' }, '请选择收货地址'],
    ['bad address id', { address_id: 'x' }, 'ID必须是数字'],
    ['普通发票 with title and tax number', { address_id: 3, invoice_type: 1, ...ordinary }, null],
    [
      '普通发票 without a title',
      { address_id: 3, invoice_type: '1', tax_no: ordinary.tax_no },
      '请填写发票抬头',
    ],
    [
      '普通发票 with a short tax number',
      { address_id: 3, invoice_type: 1, ...ordinary, tax_no: '12345' },
      '请填写正确的纳税人识别号',
    ],
    [
      '普通发票 does not need bank details',
      { address_id: 3, invoice_type: 1, ...ordinary, invoice_bank: '' },
      null,
    ],
    ['专票 with every detail', { address_id: 3, invoice_type: 2, ...special }, null],
    [
      '专票 without a bank',
      { address_id: 3, invoice_type: 2, ...special, invoice_bank: ' ' },
      '请填写开户银行',
    ],
    [
      '专票 without an account',
      { address_id: 3, invoice_type: 2, ...special, invoice_account: '' },
      '请填写银行账号',
    ],
    [
      '专票 without an address',
      { address_id: 3, invoice_type: 2, ...special, invoice_address: '' },
      '请填写注册地址',
    ],
    [
      '专票 without a phone',
      { address_id: 3, invoice_type: 2, ...special, invoice_phone: '' },
      '请填写注册电话',
    ],
    ['专票 with only the 普票 fields', { address_id: 3, invoice_type: 2, ...ordinary }, '请填写开户银行'],
    ['unknown invoice type', { address_id: 3, invoice_type: 3 }, '发票类型有误'],
    ['a remark too long', { address_id: 3, remark: '备'.repeat(201) }, '订单备注不能超过200个字'],
    ['expected payable with three decimals', { address_id: 3, expected_payable: '12.345' }, '金额格式有误'],
    ['an idempotency key too short', { address_id: 3, idempotency_key: 'abc' }, '请求标识格式有误'],
    ['a negative coupon', { address_id: 3, coupon_id: '-1' }, '优惠券有误'],
  ])('%s', (_, body, message) => {
    expect(first(placeOrderSchema.safeParse(body))).toBe(message);
  });

  it('normalises the accepted input', () => {
    const r = placeOrderSchema.parse({
      ids: '4,5,4',
      address_id: '3',
      coupon_id: '0',
      voucher_id: '',
      invoice_type: '2',
      ...special,
      remark: '  周末不收货  ',
      expected_payable: '123.40',
      idempotency_key: 'order-2026-0001',
    });
    expect(r).toMatchObject({
      ids: [4, 5],
      address_id: 3,
      coupon_id: 0,
      voucher_id: undefined,
      invoice_type: 2,
      remark: '周末不收货',
      expected_payable: '123.40',
    });
  });
});

const dayMs = (d: string) => Date.parse(`${d}T00:00:00+08:00`);

describe.each([
  ['orderListQuerySchema', orderListQuerySchema],
  ['moneyLogQuerySchema', moneyLogQuerySchema],
])('%s dates', (_, schema) => {
  it.each<[Record<string, unknown>, number | undefined, number | undefined]>([
    [{}, undefined, undefined],
    [{ start_time: '', end_time: '' }, undefined, undefined],
    [{ start_time: '2026-03-01' }, dayMs('2026-03-01'), undefined],
    [{ end_time: '2026-03-31' }, undefined, dayMs('2026-03-31')],
    [{ start_time: '2026-03-01', end_time: '2026-03-01' }, dayMs('2026-03-01'), dayMs('2026-03-01')],
    [{ start_time: '1772294400' }, 1_772_294_400_000, undefined],
    [{ start_time: 1_772_294_400 }, 1_772_294_400_000, undefined],
    [{ start_time: '1772294400000' }, 1_772_294_400_000, undefined],
    [{ start_time: '1772294400', end_time: '2026-03-31' }, 1_772_294_400_000, dayMs('2026-03-31')],
  ])('%j', (query, start, end) => {
    const r = schema.parse(query);
    expect(r.start_time).toBe(start);
    expect(r.end_time).toBe(end);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ start_time: '2026-03-02', end_time: '2026-03-01' }, '开始日期不能晚于结束日期', 'end_time'],
    [{ start_time: '1772380800', end_time: '1772294400' }, '开始日期不能晚于结束日期', 'end_time'],
    [{ start_time: 'yesterday' }, '日期格式有误', 'start_time'],
    [{ end_time: '2026-13-45' }, '日期格式有误', 'end_time'],
    [{ start_time: '2026/03/01' }, '日期格式有误', 'start_time'],
    [{ page: '0' }, '页码不能小于1', 'page'],
    [{ page_size: '101' }, '每页数量不能大于100', 'page_size'],
  ])('%j → %s', (query, message, path) => {
    const r = schema.safeParse(query);
    expect(first(r)).toBe(message);
    expect(firstPath(r)).toBe(path);
  });
});

describe('orderListQuerySchema filters', () => {
  it.each<[Record<string, unknown>, string | null]>([
    [{ status: '0' }, null],
    [{ status: '4' }, null],
    [{ status: '' }, null],
    [{ status: '5' }, '订单状态有误'],
    [{ status: 'x' }, '订单状态有误'],
    [{ keywords: '阿莫西林' }, null],
    [{ keywords: 'x'.repeat(51) }, '搜索内容不能超过50个字'],
  ])('%j → %s', (query, message) => {
    expect(first(orderListQuerySchema.safeParse(query))).toBe(message);
  });
});

describe('moneyLogQuerySchema use_type', () => {
  it.each<[unknown, number | undefined, string | null]>([
    [undefined, undefined, null],
    ['', undefined, null],
    ['1', 1, null],
    ['5', 5, null],
    ['0', undefined, '类型有误'],
    ['9', undefined, '类型有误'],
    ['2.5', undefined, '类型有误'],
    ['abc', undefined, '类型有误'],
  ])('%j', (useType, parsed, message) => {
    const r = moneyLogQuerySchema.safeParse({ use_type: useType });
    expect(first(r)).toBe(message);
    if (r.success) expect(r.data.use_type).toBe(parsed);
  });
});

describe('availableCouponQuerySchema', () => {
  it.each<[Record<string, unknown>, Record<string, unknown> | string]>([
    [{}, { type: 1, page: 1, page_size: 20 }],
    [{ type: '2' }, { type: 2 }],
    [
      { type: '1', ids: '3,4,3' },
      { type: 1, ids: [3, 4] },
    ],
    [{ ids: ['7', '8'] }, { ids: [7, 8] }],
    [{ type: '3' }, '优惠券类型有误'],
    [{ ids: 'a' }, 'ID必须是正整数'],
  ])('%j', (query, expected) => {
    const r = availableCouponQuerySchema.safeParse(query);
    if (typeof expected === 'string') expect(first(r)).toBe(expected);
    else expect(r.data).toMatchObject(expected);
  });
});

const returnBody = {
  kind: 'return',
  lines: { 0: { line_id: '5', number: '2' }, 1: { line_id: '6', number: '1' } },
  reason: '质量问题',
};

describe('returnRequestSchema', () => {
  it('reads qs-style object lines as a list', () => {
    const r = returnRequestSchema.parse(returnBody);
    expect(r.lines).toEqual([
      { line_id: 5, number: 2 },
      { line_id: 6, number: 1 },
    ]);
    expect(r.photos).toEqual([]);
    expect(r.description).toBe('');
  });

  it.each<[string, Record<string, unknown>, string | null]>([
    ['lines as an array', { lines: [{ line_id: 5, number: 1 }] }, null],
    ['after-sales', { kind: 'after_sales' }, null],
    ['one photo as a string', { photos: 'data:image/png;base64,AAAA' }, null],
    ['photos as a qs object', { photos: { 0: 'a', 1: 'b' } }, null],
    ['six photos', { photos: ['1', '2', '3', '4', '5', '6'] }, '最多上传5张照片'],
    ['unknown kind', { kind: 'refund' }, '请选择申请类型'],
    ['no lines', { lines: undefined }, '请选择要退货的商品'],
    ['empty lines', { lines: [] }, '请选择要退货的商品'],
    ['zero units', { lines: { 0: { line_id: 5, number: 0 } } }, '退货数量必须大于0'],
    ['half a unit', { lines: { 0: { line_id: 5, number: 1.5 } } }, '退货数量必须是整数'],
    ['bad line id', { lines: { 0: { line_id: 'x', number: 1 } } }, 'ID必须是数字'],
    ['no reason', { reason: ' ' }, '请选择退货原因'],
    ['a long description', { description: '长'.repeat(501) }, '问题描述不能超过500个字'],
  ])('%s', (_, over, message) => {
    expect(first(returnRequestSchema.safeParse({ ...returnBody, ...over }))).toBe(message);
  });
});

describe('hmPurchaserSchema', () => {
  const who = {
    purchaser_name: '王建国',
    purchaser_id_no: '330106198001011234',
    purchaser_phone: '13800138000',
  };
  it.each<[string, Record<string, unknown>, string | null]>([
    ['a valid identity', {}, null],
    ['an ID ending in X', { purchaser_id_no: '33010619800101123X' }, null],
    ['an ID ending in lowercase x', { purchaser_id_no: '33010619800101123x' }, null],
    ['17 digits', { purchaser_id_no: '33010619800101123' }, '请填写正确的18位身份证号'],
    ['19 digits', { purchaser_id_no: '3301061980010112345' }, '请填写正确的18位身份证号'],
    ['X in the middle', { purchaser_id_no: '3301061980X1011234' }, '请填写正确的18位身份证号'],
    ['15-digit old ID', { purchaser_id_no: '330106800101123' }, '请填写正确的18位身份证号'],
    ['missing ID', { purchaser_id_no: undefined }, '请填写身份证号'],
    ['one-character name', { purchaser_name: '王' }, '请填写购买人姓名'],
    ['bad phone', { purchaser_phone: '12345678901' }, '请输入正确的手机号码'],
  ])('%s', (_, over, message) => {
    expect(first(hmPurchaserSchema.safeParse({ ...who, ...over }))).toBe(message);
  });

  it('upper-cases the check letter and trims', () => {
    const r = hmPurchaserSchema.parse({ ...who, purchaser_id_no: ' 33010619800101123x ' });
    expect(r.purchaser_id_no).toBe('33010619800101123X');
  });
});
