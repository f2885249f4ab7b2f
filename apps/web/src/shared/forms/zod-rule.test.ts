import { describe, expect, it } from 'vitest';
import { loginSchema, mobileSchema } from '@kc/domain';
import { zodRule } from './zod-rule';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const check = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  (rule as { validator: Validator }).validator({}, value);

describe('zodRule', () => {
  it('passes valid input', async () => {
    await expect(check(zodRule(mobileSchema, '手机号码'), '13800138000')).resolves.toBeUndefined();
  });

  it('fails with the schema’s own Chinese message', async () => {
    await expect(check(zodRule(loginSchema.shape.username, '用户名'), '  ')).rejects.toThrow(
      '请输入用户名或手机号',
    );
    await expect(check(zodRule(mobileSchema, '手机号码'), '12345')).rejects.toThrow('请输入正确的手机号码');
  });

  it('falls back to a Chinese message where the schema has none', async () => {
    await expect(check(zodRule(loginSchema.shape.password, '密码'), 42)).rejects.toThrow(/[\u4e00-\u9fa5]/);
  });
});
