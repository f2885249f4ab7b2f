import { sql } from 'drizzle-orm';
import type { GoodsTag, LadderTier, RxClass } from '@kc/domain';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { uploadedFiles } from '../account/schema.js';

/** Product category tree (西药 → 抗感染药 …). `code` marks the roots the zone menus start from. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** Stable key of a root the code refers to ('zyyp' TCM pieces, 'ylqx' devices); '' otherwise. */
    code: text('code').notNull().default(''),
    logo: text('logo').notNull().default(''),
    logo1: text('logo1').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The company behind the brand (华润三九医药股份有限公司 for 999). */
  company: text('company').notNull().default(''),
  logo: text('logo').notNull().default(''),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** Warehouses (`ck_id`). */
export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull().default(''),
});

export type { GoodsTag, LadderTier, RxClass } from '@kc/domain';

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    /** Generic name (通用名). */
    name: text('name').notNull(),
    /** Trade name (商品名), may be empty. */
    tradeName: text('trade_name').notNull().default(''),
    /** Specification (药品规格), e.g. 0.25g*24粒. */
    ypgg: text('ypgg').notNull(),
    /** Manufacturer (生产厂家). */
    sccj: text('sccj').notNull(),
    /** Approval number (批准文号), e.g. 国药准字H20003263. */
    approvalNo: text('approval_no').notNull().default(''),
    /** English generic name (INN), e.g. Amoxicillin; searched through `py_full` (search-keys.ts). */
    innName: text('inn_name').notNull().default(''),
    dosageForm: text('dosage_form').notNull().default(''),
    rxClass: text('rx_class').$type<RxClass>().notNull().default('none'),
    /** Business-scope class (经营范围) a buyer must hold to buy it. */
    scopeClass: text('scope_class').notNull(),
    storage: text('storage').notNull().default('常温'),
    /** Ephedrine-type compound preparation (含麻). */
    isHm: boolean('is_hm').notNull().default(false),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    brandId: integer('brand_id').references(() => brands.id),
    ckId: integer('ck_id')
      .notNull()
      .references(() => warehouses.id),
    /** Zone memberships: 'zy', 'qx', 'jm', 'kx', 'yx', 'ppzq', 'mrtj', … */
    zones: text('zones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Retail reference price in fen (建议零售价). */
    basePrice: integer('base_price').notNull(),
    /** Wholesale unit price in fen. */
    price: integer('price').notNull(),
    ladderPrice: jsonb('ladder_price').$type<LadderTier[]>().notNull().default([]),
    ladderPriceType: integer('ladder_price_type').notNull().default(0),
    /** Packing unit (盒, 瓶, 支). */
    bzdw: text('bzdw').notNull().default('盒'),
    /** Middle-pack quantity: default and step of the purchase quantity. */
    zbz: integer('zbz').notNull().default(1),
    /** Case quantity (件装量). */
    jzl: integer('jzl').notNull().default(0),
    /** Round quantities up to a full case. */
    roundToCase: boolean('round_to_case').notNull().default(false),
    isBuy: boolean('is_buy').notNull().default(true),
    /** Sellable stock: the sum of the lots, kept in step inside the same transactions. */
    stock: integer('stock').notNull().default(0),
    /** Purchase limit per buyer and order; 0 means none. */
    qgNumber: integer('qg_number').notNull().default(0),
    isFreeShipping: boolean('is_free_shipping').notNull().default(false),
    freeShippingNumber: integer('free_shipping_number').notNull().default(0),
    isDpby: boolean('is_dpby').notNull().default(false),
    isYoux: boolean('is_youx').notNull().default(false),
    type: integer('type').notNull().default(0),
    tags: jsonb('tags').$type<GoodsTag[]>().notNull().default([]),
    sales: integer('sales').notNull().default(0),
    onShelf: boolean('on_shelf').notNull().default(true),
    /** Pinyin of name and trade name, computed at write time: initials and full, lower case. */
    pyInitials: text('py_initials').notNull().default(''),
    pyFull: text('py_full').notNull().default(''),
    /** Pinyin of the manufacturer. */
    sccjPyInitials: text('sccj_py_initials').notNull().default(''),
    sccjPyFull: text('sccj_py_full').notNull().default(''),
    /** Short search terms (search-keys.ts): what serves one- and two-character and Chinese queries. */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goods_category_idx').on(t.categoryId),
    index('goods_brand_idx').on(t.brandId),
    index('goods_sales_idx').on(t.sales),
    // Best sellers first: a page of a broad search or of a big category is read by walking
    // this index (list-parts.ts). No stock in it, so moving stock stays a HOT update.
    index('goods_popularity_idx').on(t.sales.desc().nullsFirst(), t.id),
    index('goods_price_idx').on(t.price),
    // Zone filters (`zones @> '{yx}'`) on the list calls.
    index('goods_zones_idx').using('gin', t.zones),
    // Keyword search (docs/decisions/007-search-indexes.md): short and Chinese terms in one GIN,
    // trigrams for pinyin and approval numbers of three characters and more.
    index('goods_search_grams_idx').using('gin', t.searchGrams),
    index('goods_py_initials_trgm_idx').using('gin', t.pyInitials.op('gin_trgm_ops')),
    index('goods_py_full_trgm_idx').using('gin', t.pyFull.op('gin_trgm_ops')),
    index('goods_sccj_py_initials_trgm_idx').using('gin', t.sccjPyInitials.op('gin_trgm_ops')),
    index('goods_sccj_py_full_trgm_idx').using('gin', t.sccjPyFull.op('gin_trgm_ops')),
    index('goods_approval_no_trgm_idx').using('gin', t.approvalNo.op('gin_trgm_ops')),
    // A SKU is name, specification and maker; each warehouse stocking it lists it as its own row.
    // (Herbs have no approval number, so it cannot be part of the key.)
    uniqueIndex('goods_sku_uq').on(t.name, t.ypgg, t.sccj, t.ckId),
  ],
);

/** Stock by batch: every unit sold is traced to a batch number and expiry date. */
export const goodsLots = pgTable(
  'goods_lots',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    batchNo: text('batch_no').notNull(),
    producedOn: date('produced_on').notNull(),
    expiresOn: date('expires_on').notNull(),
    quantity: integer('quantity').notNull(),
    /** Units received (the purchase record); `quantity` is what is left to sell. */
    receivedQuantity: integer('received_quantity').notNull().default(0),
    /** Supplier (供货单位) and purchase price per unit in fen, for the purchase-side ledger. */
    supplier: text('supplier').notNull().default(''),
    unitCost: integer('unit_cost').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Operator who received it; null for seeded and imported opening stock. */
    receivedBy: integer('received_by'),
  },
  (t) => [
    index('goods_lots_goods_idx').on(t.goodsId, t.expiresOn),
    // The near-expiry zone looks lots up by date across all goods.
    index('goods_lots_expiry_idx').on(t.expiresOn),
  ],
);

/**
 * The stock ledger: every movement of units into or out of a lot, so that each goods' stock
 * is the sum of its rows. `quantity` is signed (+ in, - out); `stockAfter` is the goods'
 * stock after the movement. Rows are only ever inserted.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id').notNull(),
    lotId: integer('lot_id'),
    /** 'receive' | 'adjust' | 'sale' | 'cancel' | 'return' | 'import' | 'reallocate' */
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    stockAfter: integer('stock_after').notNull(),
    lotAfter: integer('lot_after'),
    reason: text('reason').notNull().default(''),
    /** What caused it: an order number, a return id, an import job id. */
    ref: text('ref').notNull().default(''),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_goods_idx').on(t.goodsId, t.id),
    index('stock_movements_created_idx').on(t.createdAt),
    index('stock_movements_lot_idx').on(t.lotId),
  ],
);

/**
 * Imports in progress and done: the back office polls `rowsDone` for its progress bar while
 * the upload call runs, on any instance. `report` is the final per-row answer.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    /** Chosen by the client (a UUID) so it can poll before the upload call answers. */
    id: text('id').primaryKey(),
    /** 'goods' | 'lots' | 'prices' */
    kind: text('kind').notNull(),
    operatorId: integer('operator_id').notNull(),
    dryRun: boolean('dry_run').notNull(),
    /** 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('running'),
    fileName: text('file_name').notNull().default(''),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    report: jsonb('report'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_jobs_created_idx').on(t.createdAt)],
);

/**
 * Release rules of 控销 (controlled-sales) goods: a goods in the `kx` zone is shown and sold
 * only to buyers one of its rules covers. '' in a field means any: buyer group = the member's
 * company type (药店/诊所/医院/批发企业), region = a prefix of the member's region
 * ("浙江省" covers "浙江省 杭州市 西湖区"). The catalogue owns them: they decide which goods a
 * buyer is offered (decision 040); compliance reads the result as one of its purchase rules.
 */
export const kxReleases = pgTable(
  'kx_releases',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    buyerGroup: text('buyer_group').notNull().default(''),
    region: text('region').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kx_releases_goods_idx').on(t.goodsId)],
);

/**
 * Quality-inspection reports (质检报告 / 药检报告): the maker's or a lab's report for one batch of
 * a goods, a PDF or an image uploaded by the warehouse, one per goods and batch (a new upload
 * replaces it). Buyers find them by goods and batch, on the goods page and from their orders.
 */
export const qiReports = pgTable(
  'qi_reports',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    batchNo: text('batch_no').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => uploadedFiles.id),
    mime: text('mime').notNull(),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qi_reports_goods_batch_uq').on(t.goodsId, t.batchNo),
    index('qi_reports_batch_idx').on(t.batchNo),
  ],
);
