import { describe, expect, it } from 'vitest';
import { idListSchema, idSchema, MAX_ID } from './api.js';

describe('ids name rows of int4 tables', () => {
  it.each([
    ['1', 1],
    [String(MAX_ID), MAX_ID],
    [42, 42],
  ])('%s is an id', (v, id) => {
    expect(idSchema.parse(v)).toBe(id);
  });

  it.each(['0', '-1', '1.5', 'abc', String(MAX_ID + 1), '9223372036854775808', '1e400', ''])(
    '%s is refused with a message',
    (v) => {
      const r = idSchema.safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/ID/);
    },
  );

  it('a list refuses an id past the int4 range', () => {
    expect(idListSchema.safeParse(['1', String(2 ** 31)]).success).toBe(false);
    expect(idListSchema.parse('1,2')).toEqual([1, 2]);
  });
});
