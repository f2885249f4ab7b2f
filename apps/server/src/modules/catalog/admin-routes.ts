import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GOODS_ZONES,
  GOODS_ZONE_LABELS,
  adminBrandSchema,
  adminCategorySchema,
  adminGoodsBulkSchema,
  adminGoodsCreateSchema,
  adminGoodsListQuerySchema,
  adminGoodsUpdateSchema,
  adminLotListQuerySchema,
  adminStockLedgerQuerySchema,
  adminWarehouseSchema,
  idParamSchema,
  kxReleaseListQuerySchema,
  kxReleaseSchema,
  lotAdjustSchema,
  lotReceiveSchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { CONTENT_CHANGED } from '../content/service.js';
import { bulkGoods } from './admin-bulk.js';
import { goodsImageRoutes } from './admin-images.js';
import { adminCreateGoods, adminGoodsDetail, adminListGoods, adminUpdateGoods } from './admin-goods.js';
import {
  addBrand,
  addCategory,
  addWarehouse,
  adminBrand,
  adminBrands,
  adminCategories,
  adminCategory,
  adminWarehouses,
  deleteKxRelease,
  kxReleasesOf,
  updateBrand,
  updateCategory,
  updateWarehouse,
} from './admin-taxonomy.js';
import { addKxRelease } from './kx.js';
import { listLedger } from './ledger.js';
import { adjustLot, listLots, receiveLot } from './lots-admin.js';

/**
 * The catalogue's back-office calls under `/api/admin` (docs/api/admin-catalog.md): goods,
 * categories, brands, warehouses, zones, 控销 releases, lots and the stock ledger. Reads need
 * goods.read, catalogue writes goods.edit, stock receipts and adjustments stock.receive. Every
 * write is audited with its before and after.
 */
export function catalogAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;
  const read = { config: { access: 'goods.read' } } as const;
  const edit = { config: { access: 'goods.edit' } } as const;
  const receive = { config: { access: 'stock.receive' } } as const;
  // Category and brand menus are in the storefront's cached /api/common.
  const menusChanged = () => ctx.bus.publish(CONTENT_CHANGED);
  const operator = (req: FastifyRequest) => requireOperator(req);

  // ── goods ──
  app.get('/goods', read, async (req) =>
    ok(await adminListGoods(db, parse(adminGoodsListQuerySchema, req.query), ctx.now())),
  );
  app.get('/goods/:id', read, async (req) => ok(await adminGoodsDetail(db, id(req.params))));
  goodsImageRoutes(app, ctx); // POST /goods/images (admin-images.ts)

  app.post('/goods', edit, async (req) => {
    const body = parse(adminGoodsCreateSchema, req.body);
    const goodsId = await adminCreateGoods(db, body);
    const after = await adminGoodsDetail(db, goodsId);
    audit(req, {
      action: 'goods.create',
      entity: 'goods',
      entityId: goodsId,
      summary: `新增商品 ${after.name} ${after.ypgg}（${after.sccj}）`,
      after,
    });
    return ok(after, '商品已添加');
  });

  app.post('/goods/bulk', edit, async (req) => {
    const r = await bulkGoods(db, parse(adminGoodsBulkSchema, req.body));
    audit(req, {
      action: 'goods.bulk',
      entity: 'goods',
      entityId: r.before.map((g) => g.id).join(','),
      summary: r.summary,
      before: r.before,
      after: r.after,
    });
    return ok({ count: r.count }, `已${r.summary.split('：')[0]} ${r.count} 件商品`);
  });

  app.post('/goods/:id', edit, async (req) => {
    const goodsId = id(req.params);
    const { before, after } = await adminUpdateGoods(db, goodsId, parse(adminGoodsUpdateSchema, req.body));
    const changed = Object.fromEntries(
      Object.entries(after).filter(
        ([k, v]) =>
          k !== 'updated_at' && JSON.stringify(v) !== JSON.stringify(before[k as keyof typeof before]),
      ),
    );
    const was = Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof typeof before]]));
    audit(req, {
      action: 'goods.update',
      entity: 'goods',
      entityId: goodsId,
      summary: `修改商品 ${after.name}${Object.keys(changed).length ? `：${Object.keys(changed).join('、')}` : '（无变化）'}`,
      before: was,
      after: changed,
    });
    return ok(after, '商品已保存');
  });

  // ── categories, brands, warehouses, zones ──
  app.get('/categories', read, async () => ok(await adminCategories(db)));
  app.post('/categories', edit, async (req) => {
    const cid = await addCategory(db, parse(adminCategorySchema, req.body));
    const after = await adminCategory(db, cid);
    menusChanged();
    audit(req, {
      action: 'category.create',
      entity: 'category',
      entityId: cid,
      summary: `新增分类 ${after.name}`,
      after,
    });
    return ok(after, '分类已添加');
  });
  app.post('/categories/:id', edit, async (req) => {
    const cid = id(req.params);
    const body = parse(adminCategorySchema, req.body);
    const before = await adminCategory(db, cid);
    await updateCategory(db, cid, body);
    const after = await adminCategory(db, cid);
    menusChanged();
    audit(req, {
      action: 'category.update',
      entity: 'category',
      entityId: cid,
      summary: `修改分类 ${after.name}`,
      before,
      after,
    });
    return ok(after, '分类已保存');
  });

  app.get('/brands', read, async () => ok(await adminBrands(db)));
  app.post('/brands', edit, async (req) => {
    const bid = await addBrand(db, parse(adminBrandSchema, req.body));
    const after = await adminBrand(db, bid);
    menusChanged();
    audit(req, {
      action: 'brand.create',
      entity: 'brand',
      entityId: bid,
      summary: `新增品牌 ${after.name}`,
      after,
    });
    return ok(after, '品牌已添加');
  });
  app.post('/brands/:id', edit, async (req) => {
    const bid = id(req.params);
    const body = parse(adminBrandSchema, req.body);
    const before = await adminBrand(db, bid);
    await updateBrand(db, bid, body);
    const after = await adminBrand(db, bid);
    menusChanged();
    audit(req, {
      action: 'brand.update',
      entity: 'brand',
      entityId: bid,
      summary: `修改品牌 ${after.name}`,
      before,
      after,
    });
    return ok(after, '品牌已保存');
  });

  app.get('/warehouses', read, async () => ok(await adminWarehouses(db)));
  app.post('/warehouses', edit, async (req) => {
    const body = parse(adminWarehouseSchema, req.body);
    const wid = await addWarehouse(db, body);
    audit(req, {
      action: 'warehouse.create',
      entity: 'warehouse',
      entityId: wid,
      summary: `新增仓库 ${body.name}`,
      after: body,
    });
    return ok({ id: wid, ...body }, '仓库已添加');
  });
  app.post('/warehouses/:id', edit, async (req) => {
    const wid = id(req.params);
    const body = parse(adminWarehouseSchema, req.body);
    const before = (await adminWarehouses(db)).find((w) => w.id === wid);
    await updateWarehouse(db, wid, body);
    audit(req, {
      action: 'warehouse.update',
      entity: 'warehouse',
      entityId: wid,
      summary: `修改仓库 ${body.name}`,
      before,
      after: body,
    });
    return ok({ id: wid, ...body }, '仓库已保存');
  });

  app.get('/zones', read, async () => ok(GOODS_ZONES.map((z) => ({ code: z, name: GOODS_ZONE_LABELS[z] }))));

  // ── 控销 releases ──
  app.get('/kx_releases', read, async (req) =>
    ok(await kxReleasesOf(db, parse(kxReleaseListQuerySchema, req.query).goods_id)),
  );
  app.post('/kx_releases', edit, async (req) => {
    const b = parse(kxReleaseSchema, req.body);
    const rid = await addKxRelease(db, { goodsId: b.goods_id, buyerGroup: b.buyer_group, region: b.region });
    audit(req, {
      action: 'kx_release.create',
      entity: 'goods',
      entityId: b.goods_id,
      summary: `控销授权 商品${b.goods_id}：${b.buyer_group || '所有类型'} / ${b.region || '所有地区'}`,
      after: { id: rid, ...b },
    });
    return ok({ id: rid }, '控销授权已添加');
  });
  app.delete('/kx_releases/:id', edit, async (req) => {
    const removed = await deleteKxRelease(db, id(req.params));
    audit(req, {
      action: 'kx_release.delete',
      entity: 'goods',
      entityId: removed.goods_id,
      summary: `删除控销授权 商品${removed.goods_id}：${removed.buyer_group || '所有类型'} / ${removed.region || '所有地区'}`,
      before: removed,
    });
    return ok(null, '控销授权已删除');
  });

  // ── lots and the stock ledger ──
  app.get('/lots', read, async (req) =>
    ok(await listLots(db, parse(adminLotListQuerySchema, req.query), ctx.now())),
  );
  app.post('/lots', receive, async (req) => {
    const body = parse(lotReceiveSchema, req.body);
    const r = await receiveLot(db, body, await operator(req), ctx.now());
    const g = await adminGoodsDetail(db, body.goods_id);
    audit(req, {
      action: 'lot.receive',
      entity: 'lot',
      entityId: r.lotId,
      summary: `入库 ${g.name} ${g.ypgg} 批号${body.batch_no} ${body.quantity}${g.bzdw}`,
      before: { stock: r.stock - body.quantity },
      after: { lot_id: r.lotId, ...body, stock: r.stock },
    });
    return ok({ lot_id: r.lotId, stock: r.stock }, '入库成功');
  });
  app.post('/lots/:id/adjust', receive, async (req) => {
    const lotId = id(req.params);
    const body = parse(lotAdjustSchema, req.body);
    const r = await adjustLot(db, lotId, body, await operator(req));
    audit(req, {
      action: 'lot.adjust',
      entity: 'lot',
      entityId: lotId,
      summary: `调整批号${r.before.batchNo} ${body.delta > 0 ? '+' : ''}${body.delta}（${body.reason}）`,
      before: { quantity: r.before.quantity, stock: r.before.stock },
      after: { quantity: r.after.quantity, stock: r.after.stock, reason: body.reason },
    });
    return ok({ lot_id: lotId, quantity: r.after.quantity, stock: r.after.stock }, '库存已调整');
  });
  app.get('/stock_ledger', read, async (req) =>
    ok(await listLedger(db, parse(adminStockLedgerQuerySchema, req.query))),
  );
}
