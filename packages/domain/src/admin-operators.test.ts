import { describe, expect, it } from 'vitest';
import {
  auditQuerySchema,
  operatorCreateSchema,
  operatorListQuerySchema,
  redactSecrets,
} from './admin-operators.js';

describe('redactSecrets', () => {
  it.each<[unknown, unknown]>([
    [
      { username: 'a', password: 'x' },
      { username: 'a', password: '***' },
    ],
    [
      { new_password: 'x', old_Password: 'y' },
      { new_password: '***', old_Password: '***' },
    ],
    [
      { token: 't', idempotency_key: 'k' },
      { token: '***', idempotency_key: 'k' },
    ],
    [
      { client_secret: 's', sms_code: '123456', code: '1' },
      { client_secret: '***', sms_code: '***', code: '***' },
    ],
    [{ lines: [{ goods_id: 1, auth_token: 'z' }] }, { lines: [{ goods_id: 1, auth_token: '***' }] }],
    [{ nested: { password: { deep: 1 } } }, { nested: { password: '***' } }],
    ['plain', 'plain'],
    [null, null],
    [undefined, undefined],
  ])('%j → %j', (input, expected) => {
    expect(redactSecrets(input)).toEqual(expected);
  });
});

describe('operator inputs', () => {
  it('takes a new operator and refuses a weak password or a bad username', () => {
    const good = { username: 'zhang_san', name: '张三', phone: '', role: 'service', password: 'abc12345' };
    expect(operatorCreateSchema.parse(good)).toMatchObject({ username: 'zhang_san', role: 'service' });
    expect(operatorCreateSchema.safeParse({ ...good, password: 'abcdefgh' }).success).toBe(false);
    expect(operatorCreateSchema.safeParse({ ...good, username: '1ab' }).success).toBe(false);
    expect(operatorCreateSchema.safeParse({ ...good, role: 'boss' }).success).toBe(false);
    expect(operatorCreateSchema.safeParse({ ...good, phone: '12345' }).success).toBe(false);
  });

  it('reads list and audit queries, limit standing for page_size', () => {
    expect(operatorListQuerySchema.parse({ role: '', keyword: ' 张 ' })).toMatchObject({
      keyword: '张',
      page: 1,
    });
    expect(auditQuerySchema.parse({ limit: '5', from: '2026-11-01', to: '2026-11-25' })).toMatchObject({
      page_size: 5,
      from: '2026-11-01',
    });
    expect(auditQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ from: '2026-11-25', to: '2026-11-01' }).success).toBe(false);
  });
});
