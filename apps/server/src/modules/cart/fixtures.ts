// Test fixtures for the cart suites: a small catalogue with every pricing case. Not product data.
import type { Db } from '../../platform/db.js';
import {
  createCategory,
  createGoods,
  createGoodsBulk,
  createWarehouse,
  type NewGoods,
} from '../catalog/service.js';

export interface CartFixture {
  ckId: number;
  /** 12.90, zbz 10, tiers 50 → 12.51, 200 → 12.12; stock 2000. */
  ladder: number;
  /** 25.00, zbz 1, limit 20, stock 30. */
  limited: number;
  /** Flash sale 3.00, limit 5. */
  flash: number;
  /** Not purchasable. */
  offSale: number;
  /** In stock 0. */
  empty: number;
  /** 生物制品: outside demo's business scope. */
  outOfScope: number;
  /** Single-item free shipping from 20 units. */
  dpby: number;
  makeMany(n: number): Promise<number[]>;
}

export async function cartFixture(db: Db): Promise<CartFixture> {
  const categoryId = await createCategory(db, { name: '西药', code: 'xy' });
  const ckId = await createWarehouse(db, { name: '杭州仓' });
  const lot = (quantity: number) => [
    { batchNo: 'B1', producedOn: '2025-01-01', expiresOn: '2028-01-01', quantity },
  ];
  const base = (name: string, over: Partial<NewGoods> = {}): NewGoods => ({
    name,
    ypgg: '0.25g*24粒',
    sccj: '华润三九医药股份有限公司',
    scopeClass: '化学药制剂',
    categoryId,
    ckId,
    basePrice: 1800,
    price: 1290,
    lots: lot(2000),
    ...over,
  });
  const ladder = await createGoods(
    db,
    base('阿莫西林胶囊', {
      zbz: 10,
      ladderPrice: [
        { number: 50, price: 1251 },
        { number: 200, price: 1212 },
      ],
    }),
  );
  const limited = await createGoods(
    db,
    base('布洛芬缓释胶囊', { price: 2500, basePrice: 3000, qgNumber: 20, lots: lot(30) }),
  );
  const flash = await createGoods(
    db,
    base('氯霉素滴眼液', {
      price: 300,
      basePrice: 600,
      qgNumber: 5,
      type: 1,
      zones: ['spike'],
      ypgg: '8ml:20mg',
    }),
  );
  const offSale = await createGoods(db, base('维生素C片', { isBuy: false }));
  const empty = await createGoods(db, base('板蓝根颗粒', { lots: [] }));
  const outOfScope = await createGoods(
    db,
    base('重组人干扰素', { scopeClass: '生物制品', price: 5000, basePrice: 6000 }),
  );
  const dpby = await createGoods(
    db,
    base('医用口罩', { isDpby: true, freeShippingNumber: 20, price: 500, basePrice: 800 }),
  );
  let made = 0;
  const makeMany = (n: number) => {
    const start = made;
    made += n;
    return createGoodsBulk(
      db,
      Array.from({ length: n }, (_, i) =>
        base(`批量商品${start + i}`, { ypgg: `规格${start + i}`, price: 1000 + i }),
      ),
    );
  };
  return { ckId, ladder, limited, flash, offSale, empty, outOfScope, dpby, makeMany };
}
