/**
 * Back-office catalogue management (docs/api/admin-catalog.md): goods, categories, brands,
 * warehouses, lots and the stock ledger. Input schemas shared by the server and the back-office
 * forms, reply types, and the constants both sides show.
 */
import { z } from 'zod';
import { MAX_ID, idListSchema, idSchema, pageQuerySchema } from './api.js';
import { GOODS_ZONES, type GoodsTag, type GoodsZone, type RxClass } from './catalog.js';
import { MAX_QUANTITY, yuanInputSchema } from './inputs.js';
import { parseChinaTime } from './time.js';

// 库存紧张 below LOW_STOCK_THRESHOLD (admin-operators.ts): the goods list filter and the dashboard share it.

/** The stored zones with the names the back office shows. */
export const GOODS_ZONE_LABELS: Record<GoodsZone, string> = {
  zy: '中药饮片',
  qx: '医疗器械',
  jm: '加盟专区',
  kx: '控销专区',
  yx: '优选专区',
  ppzq: '品牌专区',
  mrtj: '每日特价',
  spike: '秒杀',
};

/** Kinds of stock movement in the ledger (`stock_movements.kind`). */
export const STOCK_MOVEMENT_KINDS = [
  'opening',
  'receive',
  'adjust',
  'sale',
  'cancel',
  'return',
  'import',
  'reallocate',
] as const;
export type LedgerKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const STOCK_MOVEMENT_LABELS: Record<LedgerKind, string> = {
  opening: '期初库存',
  receive: '采购入库',
  adjust: '库存调整',
  sale: '销售出库',
  cancel: '取消回库',
  return: '退货入库',
  import: '导入',
  reallocate: '批号调拨',
};

// ── small field rules ───────────────────────────────────────────────────────────────────────

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .max(max, { message: `${label}不能超过${max}个字` }),
  );
const required = (label: string, max: number, ask = `请输入${label}`) =>
  z
    .string({ error: ask })
    .trim()
    .min(1, { message: ask })
    .max(max, { message: `${label}不能超过${max}个字` });
/** A 0/1 flag from a form ('0', '1', 'true', 'false', booleans). */
const flag = z.preprocess(
  (v) => (v === '1' || v === 'true' || v === 1 ? true : v === '0' || v === 'false' || v === 0 ? false : v),
  z.boolean({ error: '开关只能是0或1' }),
);
const count = (label: string, min = 0, max = MAX_QUANTITY) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ message: `${label}必须是整数` })
    .min(min, { message: `${label}不能小于${min}` })
    .max(max, { message: `${label}不能大于${max}` });
const idOrNone = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    z.coerce
      .number({ error: `${label}有误` })
      .int({ message: `${label}有误` })
      .min(0, { message: `${label}有误` })
      .max(MAX_ID, { message: `${label}不存在` }),
  );
/** A list from `a[]=1&a[]=2`, `a=1,2` or JSON; '' is the empty list. */
const list = <T extends z.ZodType>(item: T, max: number, label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? [] : typeof v === 'string' ? v.split(',') : v),
    z.array(item, { error: `${label}格式有误` }).max(max, { message: `${label}最多${max}项` }),
  );
/** A real calendar day 'YYYY-MM-DD'. */
const daySchema = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(parseChinaTime(s)) && s >= '1970-01-01', {
      message: `${label}格式有误（YYYY-MM-DD）`,
    });
const yuan = (label: string) => yuanInputSchema(`${label}格式有误`).transform((v) => String(v).trim());

export const RX_CLASSES = ['rx', 'otc_a', 'otc_b', 'none'] as const satisfies readonly RxClass[];

const tagSchema = z.object({
  name: required('标签名', 10),
  describe: text('标签说明', 50),
  is_show: z.coerce.number().int().min(0).max(1).default(1),
});
const ladderTierSchema = z.object({
  number: count('阶梯数量', 2),
  price: yuan('阶梯价格'),
});
const zoneSchema = z.enum(GOODS_ZONES, { error: '专区不正确' });
// Images are URLs or paths of media already stored (no upload here).
const imageSchema = z
  .string({ error: '图片地址有误' })
  .trim()
  .min(1, { message: '图片地址有误' })
  .max(500, { message: '图片地址过长' })
  .refine((s) => /^(https?:\/\/|\/)[^\s]*$/.test(s), { message: '图片须为http(s)地址或站内路径' });

/**
 * Every field of a goods an operator sets. Prices in yuan; absent optional fields take the
 * catalogue defaults on create and are left as they are on update.
 */
const goodsFields = {
  name: required('通用名', 100, '请输入商品通用名'),
  trade_name: text('商品名', 100),
  ypgg: required('规格', 100),
  sccj: required('生产厂家', 100),
  approval_no: text('批准文号', 60),
  /** English generic name (INN), e.g. Amoxicillin: searched like the Chinese names. */
  inn_name: text('英文通用名', 100),
  dosage_form: text('剂型', 30),
  rx_class: z.enum(RX_CLASSES, { error: '处方类别不正确' }),
  scope_class: required('经营范围类别', 30, '请选择经营范围类别'),
  storage: text('储存条件', 30),
  is_hm: flag,
  category_id: idSchema,
  brand_id: idOrNone('品牌'),
  ck_id: idSchema,
  zones: list(zoneSchema, GOODS_ZONES.length, '专区'),
  images: list(imageSchema, 10, '图片'),
  base_price: yuan('零售价'),
  price: yuan('批发价'),
  ladder_price: list(ladderTierSchema, 5, '阶梯价'),
  bzdw: text('包装单位', 10),
  zbz: count('中包装', 1),
  jzl: count('件装量'),
  round_to_case: flag,
  is_buy: flag,
  qg_number: count('限购数量'),
  is_free_shipping: flag,
  free_shipping_number: count('包邮数量'),
  is_dpby: flag,
  is_youx: flag,
  tags: list(tagSchema, 10, '标签'),
  on_shelf: flag,
};

/** `POST /api/admin/goods`. */
export const adminGoodsCreateSchema = z.object({
  ...goodsFields,
  trade_name: goodsFields.trade_name.optional(),
  approval_no: goodsFields.approval_no.optional(),
  inn_name: goodsFields.inn_name.optional(),
  dosage_form: goodsFields.dosage_form.optional(),
  rx_class: goodsFields.rx_class.optional(),
  storage: goodsFields.storage.optional(),
  is_hm: goodsFields.is_hm.optional(),
  brand_id: goodsFields.brand_id.optional(),
  zones: goodsFields.zones.optional(),
  images: goodsFields.images.optional(),
  ladder_price: goodsFields.ladder_price.optional(),
  bzdw: goodsFields.bzdw.optional(),
  zbz: goodsFields.zbz.optional(),
  jzl: goodsFields.jzl.optional(),
  round_to_case: goodsFields.round_to_case.optional(),
  is_buy: goodsFields.is_buy.optional(),
  qg_number: goodsFields.qg_number.optional(),
  is_free_shipping: goodsFields.is_free_shipping.optional(),
  free_shipping_number: goodsFields.free_shipping_number.optional(),
  is_dpby: goodsFields.is_dpby.optional(),
  is_youx: goodsFields.is_youx.optional(),
  tags: goodsFields.tags.optional(),
  on_shelf: goodsFields.on_shelf.optional(),
});
export type AdminGoodsInput = z.infer<typeof adminGoodsCreateSchema>;

/** `POST /api/admin/goods/:id`: any subset of the fields; the rest stay. */
export const adminGoodsUpdateSchema = z.object(goodsFields).partial();
export type AdminGoodsPatch = z.infer<typeof adminGoodsUpdateSchema>;

/** `GET /api/admin/goods`. */
export const adminGoodsListQuerySchema = pageQuerySchema.extend({
  keyword: z.preprocess(blank, z.string().trim().max(50, { message: '搜索关键词不能超过50个字' }).optional()),
  /** 0 name / pinyin / approval number (the storefront's search), 1 manufacturer. */
  type: z.preprocess(
    blank,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .default(0),
  ),
  category_id: z.preprocess(blank, idSchema.optional()),
  brand_id: z.preprocess(blank, idSchema.optional()),
  zone: z.preprocess(blank, zoneSchema.optional()),
  on_shelf: z.preprocess(
    blank,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional(),
  ),
  stock: z.preprocess(blank, z.enum(['out', 'low', 'ok'], { error: '库存筛选有误' }).optional()),
  near_expiry: z.preprocess(
    blank,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .default(0),
  ),
});
export type AdminGoodsListQuery = z.infer<typeof adminGoodsListQuerySchema>;

export const GOODS_BULK_ACTIONS = ['on_sale', 'off_sale', 'move_category', 'set_zone', 'unset_zone'] as const;
export type GoodsBulkAction = (typeof GOODS_BULK_ACTIONS)[number];

/** `POST /api/admin/goods/bulk`. */
export const adminGoodsBulkSchema = z
  .object({
    ids: idListSchema,
    action: z.enum(GOODS_BULK_ACTIONS, { error: '批量操作不正确' }),
    category_id: z.preprocess(blank, idSchema.optional()),
    zone: z.preprocess(blank, zoneSchema.optional()),
  })
  .refine((b) => b.action !== 'move_category' || b.category_id, {
    message: '请选择目标分类',
    path: ['category_id'],
  })
  .refine((b) => !['set_zone', 'unset_zone'].includes(b.action) || b.zone, {
    message: '请选择专区',
    path: ['zone'],
  });
export type AdminGoodsBulk = z.infer<typeof adminGoodsBulkSchema>;

/** `POST /api/admin/categories` and `…/categories/:id`. `parent_id` 0 is a root. */
export const adminCategorySchema = z.object({
  name: required('分类名称', 30),
  parent_id: idOrNone('上级分类'),
  sort: count('排序', 0, 1_000_000).default(0),
  code: text('分类代码', 20).default(''),
  logo: text('图标', 500).default(''),
});
export type AdminCategoryInput = z.infer<typeof adminCategorySchema>;

/** `POST /api/admin/brands` and `…/brands/:id`. */
export const adminBrandSchema = z.object({
  name: required('品牌名称', 30),
  company: text('所属企业', 100).default(''),
  logo: text('品牌图标', 500).default(''),
  description: text('品牌介绍', 500).default(''),
  sort: count('排序', 0, 1_000_000).default(0),
});
export type AdminBrandInput = z.infer<typeof adminBrandSchema>;

/** `POST /api/admin/warehouses` and `…/warehouses/:id`. */
export const adminWarehouseSchema = z.object({
  name: required('仓库名称', 30),
  region: text('所在地区', 60).default(''),
});

/** `GET /api/admin/kx_releases?goods_id=`. */
export const kxReleaseListQuerySchema = z.object({ goods_id: idSchema });

/** `GET /api/admin/lots`. */
export const adminLotListQuerySchema = pageQuerySchema.extend({
  goods_id: z.preprocess(blank, idSchema.optional()),
  expiry: z.preprocess(blank, z.enum(['near', 'expired'], { error: '效期筛选有误' }).optional()),
  /** A batch number, or the goods' name as the storefront searches it. */
  keyword: z.preprocess(blank, z.string().trim().max(50).optional()),
  /** 1: lots with units left only. */
  in_stock: z.preprocess(
    blank,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .default(0),
  ),
});
export type AdminLotListQuery = z.infer<typeof adminLotListQuerySchema>;

/** `POST /api/admin/lots`: receives a purchased lot into stock. */
export const lotReceiveSchema = z
  .object({
    goods_id: idSchema,
    batch_no: required('批号', 40),
    produced_on: daySchema('生产日期'),
    expires_on: daySchema('有效期至'),
    quantity: count('入库数量', 1),
    supplier: text('供货单位', 100).default(''),
    unit_cost: z.preprocess(blank, yuan('进价').optional()),
  })
  .refine((l) => l.expires_on > l.produced_on, { message: '有效期必须晚于生产日期', path: ['expires_on'] });
export type LotReceiveInput = z.infer<typeof lotReceiveSchema>;

/** `POST /api/admin/lots/:id/adjust`: a signed correction with its reason (盘点、破损、报损…). */
export const lotAdjustSchema = z.object({
  delta: z.coerce
    .number({ error: '调整数量必须是数字' })
    .int({ message: '调整数量必须是整数' })
    .min(-MAX_QUANTITY * 10, { message: '调整数量过大' })
    .max(MAX_QUANTITY * 10, { message: '调整数量过大' })
    .refine((n) => n !== 0, { message: '调整数量不能为0' }),
  reason: required('调整原因', 200, '请填写调整原因'),
});
export type LotAdjustInput = z.infer<typeof lotAdjustSchema>;

/** `GET /api/admin/stock_ledger`. */
export const adminStockLedgerQuerySchema = pageQuerySchema
  .extend({
    goods_id: z.preprocess(blank, idSchema.optional()),
    lot_id: z.preprocess(blank, idSchema.optional()),
    kind: z.preprocess(blank, z.enum(STOCK_MOVEMENT_KINDS, { error: '类型不正确' }).optional()),
    from: z.preprocess(blank, daySchema('开始日期').optional()),
    to: z.preprocess(blank, daySchema('结束日期').optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '开始日期不能晚于结束日期', path: ['to'] });
export type AdminStockLedgerQuery = z.infer<typeof adminStockLedgerQuerySchema>;

// ── Reply shapes ────────────────────────────────────────────────────────────────────────────

/** A row of `GET /api/admin/goods`. Prices in yuan. */
export interface AdminGoodsRow {
  id: number;
  name: string;
  trade_name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  category_id: number;
  /** Root first: ['西药', '抗感染药']. */
  category_path: string[];
  brand: string;
  warehouse: string;
  zones: GoodsZone[];
  bzdw: string;
  base_price: string;
  price: string;
  /** The lowest ladder tier price, when the goods has tiers. */
  ladder_from: string | null;
  stock: number;
  /** Earliest expiry of a lot with units left. */
  nearest_expiry: string | null;
  near_expiry: boolean;
  on_shelf: boolean;
  is_buy: boolean;
  sales: number;
  updated_at: string;
}

/** `GET /api/admin/goods/:id`: every field, as the editor sends it back. */
export interface AdminGoodsDetail {
  id: number;
  name: string;
  trade_name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  /** English generic name (INN), '' when none. */
  inn_name: string;
  dosage_form: string;
  rx_class: RxClass;
  scope_class: string;
  storage: string;
  is_hm: boolean;
  category_id: number;
  category_path: string[];
  brand_id: number;
  ck_id: number;
  zones: GoodsZone[];
  images: string[];
  base_price: string;
  price: string;
  ladder_price: { number: number; price: string }[];
  bzdw: string;
  zbz: number;
  jzl: number;
  round_to_case: boolean;
  is_buy: boolean;
  qg_number: number;
  is_free_shipping: boolean;
  free_shipping_number: number;
  is_dpby: boolean;
  is_youx: boolean;
  tags: GoodsTag[];
  on_shelf: boolean;
  stock: number;
  sales: number;
  py_initials: string;
  py_full: string;
  created_at: string;
  updated_at: string;
}

export interface AdminCategory {
  id: number;
  parent_id: number;
  name: string;
  code: string;
  logo: string;
  sort: number;
  goods_count: number;
}

export interface AdminBrand {
  id: number;
  name: string;
  company: string;
  logo: string;
  description: string;
  sort: number;
  goods_count: number;
}

export interface AdminWarehouse {
  id: number;
  name: string;
  region: string;
}

export interface KxReleaseView {
  id: number;
  goods_id: number;
  buyer_group: string;
  region: string;
  created_at: string;
}

/** A row of `GET /api/admin/lots`. */
export interface AdminLotRow {
  id: number;
  goods_id: number;
  goods_name: string;
  ypgg: string;
  sccj: string;
  warehouse: string;
  batch_no: string;
  produced_on: string;
  expires_on: string;
  quantity: number;
  received_quantity: number;
  supplier: string;
  unit_cost: string;
  received_at: string;
  received_by: string;
  near_expiry: boolean;
  expired: boolean;
}

/** A row of `GET /api/admin/stock_ledger`. */
export interface StockMovementRow {
  id: number;
  goods_id: number;
  goods_name: string;
  ypgg: string;
  lot_id: number | null;
  batch_no: string;
  kind: LedgerKind;
  kind_name: string;
  quantity: number;
  stock_after: number;
  lot_after: number | null;
  reason: string;
  ref: string;
  operator: string;
  created_at: string;
}
