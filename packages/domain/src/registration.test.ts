import { describe, expect, it } from 'vitest';
import { addressSchema, updateUserInfoSchema } from './account.js';
import { isCouponUsable } from './coupon.js';
import {
  createCodeSchema,
  documentUploadSchema,
  registerAccountSchema,
  registerCompanySchema,
} from './registration.js';

const account = {
  username: 'shop1',
  password: 'Passw0rd1',
  mobile: '13700000001',
  code: '123456',
  agreement: '1',
};
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? '');

describe('registerAccountSchema', () => {
  it.each([
    [{}, null],
    [{ password: '1234567a' }, null],
    [{ password: `a${'1'.repeat(63)}` }, null],
    [{ password: 'abc123' }, '密码至少8位'],
    [{ password: `a${'1'.repeat(64)}` }, '密码最多64位'],
    [{ password: '12345678' }, '密码需同时包含字母和数字'],
    [{ mobile: '12800000000' }, '请输入正确的手机号码'],
    [{ code: '12345' }, '请输入6位短信验证码'],
    [{ agreement: '0' }, '请阅读并同意《用户注册协议》'],
    [{ username: 'ab' }, '用户名为4-32位字母、数字或下划线，以字母开头'],
    [{ username: '王五五五' }, '用户名为4-32位字母、数字或下划线，以字母开头'],
  ])('%j → %s', (over, msg) => {
    expect(first(registerAccountSchema.safeParse({ ...account, ...over }))).toBe(msg);
  });
});

describe('createCodeSchema', () => {
  it.each([
    [{ mobile: '13700000001' }, null],
    [{ mobile: '13700000001', scene: 'reset' }, null],
    [{ mobile: '13700000001', scene: 'x' }, '验证码用途不正确'],
    [{ mobile: '1370000000' }, '请输入正确的手机号码'],
  ])('%j → %s', (input, msg) => {
    expect(first(createCodeSchema.safeParse(input))).toBe(msg);
  });
});

const company = {
  company: '杭州某药房',
  company_type: '药店',
  contact: '张三',
  contact_phone: '0571-88886666',
  region: '浙江省 杭州市',
  address: '文三路 1 号',
  business_licence_no: '91330106MA2CFK3X1L',
  drug_licence_no: '浙AA5710362',
  scope: '化学药制剂,中成药',
};

describe('registerCompanySchema', () => {
  it.each([
    [{}, null],
    [{ company_type: '超市' }, '请选择企业类型'],
    [{ business_licence_no: '123' }, '请输入正确的统一社会信用代码（15或18位）'],
    [{ scope: [] }, '请选择经营范围'],
    [{ scope: ['火箭'] }, '经营范围不正确'],
    [{ contact_phone: '88' }, '请输入正确的联系电话'],
  ])('%j → %s', (over, msg) => {
    expect(first(registerCompanySchema.safeParse({ ...company, ...over }))).toBe(msg);
  });

  it('splits and dedupes a comma list of scope classes', () => {
    const r = registerCompanySchema.parse({ ...company, scope: '中成药,中成药,生物制品' });
    expect(r.scope).toEqual(['中成药', '生物制品']);
  });
});

describe('documentUploadSchema', () => {
  const doc = { type: 'drug_licence', number: 'A1', valid_to: '2027-01-01', file: 'iVBORw0KGgo=' };
  it.each([
    [{}, null],
    [{ type: 'visa' }, '请选择证件类型'],
    [{ valid_to: '2027/01/01' }, '请输入正确的有效期（YYYY-MM-DD）'],
    [{ file: 'x'.repeat(8_000_001) }, '文件不能超过5MB'],
    [{ number: '' }, '请输入证件编号'],
  ])('%j → %s', (over, msg) => {
    expect(first(documentUploadSchema.safeParse({ ...doc, ...over }))).toBe(msg);
  });
});

describe('addressSchema and updateUserInfoSchema', () => {
  const a = { consignee: '王', phone: '13800138000', region: '浙江省 杭州市', address: '文三路 398 号' };
  it.each([
    [a, null, 0],
    [{ ...a, is_default: 'on' }, null, 1],
    [{ ...a, is_default: '1' }, null, 1],
    [{ ...a, phone: '0571-8888' }, '请输入正确的手机号码', 0],
  ])('%j → %s', (input, msg, def) => {
    const r = addressSchema.safeParse(input);
    expect(first(r)).toBe(msg);
    if (r.success) expect(r.data.is_default).toBe(def);
  });

  it.each([
    [{ name: '王', phone: '13800138000' }, null],
    [{ name: '', phone: '13800138000' }, '请输入联系人姓名'],
    [{ name: '王', phone: '13800138000', code: '12' }, '请输入6位短信验证码'],
  ])('%j → %s', (input, msg) => {
    expect(first(updateUserInfoSchema.safeParse(input))).toBe(msg);
  });
});

describe('isCouponUsable', () => {
  const from = new Date('2026-11-01T00:00:00Z');
  const to = new Date('2026-11-30T00:00:00Z');
  it.each([
    ['unused, within dates', 'unused', '2026-11-15T00:00:00Z', true],
    ['on the last instant', 'unused', '2026-11-30T00:00:00Z', true],
    ['before start', 'unused', '2026-10-31T00:00:00Z', false],
    ['after end', 'unused', '2026-11-30T00:00:01Z', false],
    ['used', 'used', '2026-11-15T00:00:00Z', false],
    ['expired', 'expired', '2026-11-15T00:00:00Z', false],
  ] as const)('%s → %s', (_l, status, now, usable) => {
    expect(isCouponUsable({ status, validFrom: from, validTo: to }, new Date(now))).toBe(usable);
  });
});
