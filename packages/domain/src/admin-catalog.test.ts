import { describe, expect, it } from 'vitest';
import {
  adminGoodsBulkSchema,
  adminGoodsCreateSchema,
  adminGoodsUpdateSchema,
  lotAdjustSchema,
  lotReceiveSchema,
} from './admin-catalog.js';

describe('admin catalogue schemas', () => {
  it('leaves absent fields of an update absent, and reads an empty list as clearing it', () => {
    expect(adminGoodsUpdateSchema.parse({ price: '9.90' })).toEqual({ price: '9.90' });
    expect(adminGoodsUpdateSchema.parse({ zones: '', tags: '' })).toEqual({ zones: [], tags: [] });
    expect(adminGoodsUpdateSchema.parse({ on_shelf: '0', is_hm: 'true' })).toEqual({
      on_shelf: false,
      is_hm: true,
    });
  });

  it.each([
    [{ price: '1.234' }, 'price'],
    [{ price: '-1' }, 'price'],
    [{ zones: ['nope'] }, 'zones'],
    [{ images: ['javascript:alert(1)'] }, 'images'],
    [{ ladder_price: [{ number: 1, price: '1' }] }, 'ladder_price'],
    [{ zbz: 0 }, 'zbz'],
  ])('refuses %j', (patch, field) => {
    const r = adminGoodsUpdateSchema.safeParse(patch);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path[0]).toBe(field);
  });

  it('requires the identity fields on create', () => {
    const r = adminGoodsCreateSchema.safeParse({ name: '阿莫西林胶囊' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0])).toEqual(
      expect.arrayContaining(['ypgg', 'sccj', 'scope_class', 'category_id', 'ck_id', 'price', 'base_price']),
    );
  });

  it.each([
    [{ ids: [1], action: 'move_category' }, false],
    [{ ids: [1], action: 'move_category', category_id: 3 }, true],
    [{ ids: [1], action: 'set_zone' }, false],
    [{ ids: [1], action: 'unset_zone', zone: 'kx' }, true],
    [{ ids: [], action: 'on_sale' }, false],
  ])('bulk %j valid: %s', (body, valid) => {
    expect(adminGoodsBulkSchema.safeParse(body).success).toBe(valid);
  });

  it.each([
    [{ delta: 0, reason: '盘点' }, false],
    [{ delta: -3, reason: ' ' }, false],
    [{ delta: '-3', reason: '破损' }, true],
    [{ delta: 1.5, reason: '盘点' }, false],
  ])('adjust %j valid: %s', (body, valid) => {
    expect(lotAdjustSchema.safeParse(body).success).toBe(valid);
  });

  it('checks lot dates: real days, expiry after production', () => {
    const lot = { goods_id: 1, batch_no: 'B1', quantity: 10 };
    expect(
      lotReceiveSchema.safeParse({ ...lot, produced_on: '2026-01-01', expires_on: '2028-01-01' }).success,
    ).toBe(true);
    expect(
      lotReceiveSchema.safeParse({ ...lot, produced_on: '2026-02-30', expires_on: '2028-01-01' }).success,
    ).toBe(false);
    expect(
      lotReceiveSchema.safeParse({ ...lot, produced_on: '2026-01-01', expires_on: '2025-01-01' }).success,
    ).toBe(false);
  });
});
