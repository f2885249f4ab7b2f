/** The catalogue: goods shapes, list-query schemas and the online-sale ban (shared with the web app). */
import { z } from 'zod';
import { MAX_ID, idListSchema, idSchema, pageQuerySchema, type Paginated } from './api.js';
import type { PurchaseBlock } from './compliance.js';

// ── The online-sale ban ────────────────────────────────────────────────────────────────────

/**
 * Kinds of medicine that may not be sold online at all (药品网络销售禁止清单, 2022, and the
 * special-control categories of the Drug Administration Law). Matched as substrings of a
 * category name, a business-scope class or a goods name.
 */
export const BANNED_ONLINE_TERMS = [
  '疫苗',
  '血液制品',
  '麻醉药品',
  '精神药品',
  '医疗用毒性药品',
  '放射性药品',
  '易制毒化学品',
  '医疗机构制剂',
  '中药配方颗粒',
] as const;
export type BannedOnlineTerm = (typeof BANNED_ONLINE_TERMS)[number];

export interface ListingBan {
  term: BannedOnlineTerm;
  /** The text that matched (category name, scope class or goods name). */
  matched: string;
  message: string;
}

/**
 * Checks whether goods or a category described by `texts` may be listed. Returns the ban
 * (with the Chinese message the operator sees) or null when listing is allowed.
 * Ephedrine-type compounds (含麻) are not banned: they sell under quantity limits.
 */
export function listingBan(texts: readonly string[]): ListingBan | null {
  for (const text of texts) {
    const term = BANNED_ONLINE_TERMS.find((t) => text.includes(t));
    if (term) {
      return {
        term,
        matched: text,
        message: `“${text}”属于${term}，依据《药品网络销售禁止清单》不得在网上销售`,
      };
    }
  }
  return null;
}

// ── Ladder prices ──────────────────────────────────────────────────────────────────────────

/** One tier of a ladder price: from `number` units on, the unit price is `price` fen. */
export interface LadderTier {
  number: number;
  price: number;
}

/**
 * Checks a ladder (tiered) price against the unit price, both in fen. Tiers must start above
 * one unit, rise in quantity and fall in price, each below the unit price. Returns the
 * problem in Chinese, or null when the ladder is sound.
 */
export function ladderProblem(unitPrice: number, tiers: readonly LadderTier[]): string | null {
  let lastNumber = 1;
  let lastPrice = unitPrice;
  for (const [i, t] of tiers.entries()) {
    const label = `第${i + 1}档阶梯价`;
    if (!Number.isInteger(t.number) || !Number.isInteger(t.price)) return `${label}的数量和价格必须是整数`;
    if (t.number <= lastNumber) return `${label}的起购数量必须大于${lastNumber}`;
    if (t.price <= 0) return `${label}的价格必须大于0`;
    if (t.price >= lastPrice) return `${label}的价格必须低于上一档`;
    lastNumber = t.number;
    lastPrice = t.price;
  }
  return null;
}

// ── Zones, sorts and classes ───────────────────────────────────────────────────────────────

/**
 * Zone memberships stored on goods: 中药饮片 (zy), 器械 (qx), 加盟 (jm), 控销 (kx), 优选 (yx),
 * 品牌 (ppzq), 每日特价 (mrtj), 秒杀 (spike). 近效期 (jxq) is computed from the lots instead.
 */
export const GOODS_ZONES = ['zy', 'qx', 'jm', 'kx', 'yx', 'ppzq', 'mrtj', 'spike'] as const;
export type GoodsZone = (typeof GOODS_ZONES)[number];
/** Zones a list may filter by: the stored ones plus the computed near-expiry zone. */
export const LIST_ZONES = [...GOODS_ZONES, 'jxq'] as const;
export type ListZone = (typeof LIST_ZONES)[number];

/** Lots expiring within this many months put their goods in the near-expiry zone. */
export const NEAR_EXPIRY_MONTHS = 6;

export const GOODS_SORTS = ['default', 'sales', 'price', 'expiry'] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];

export type RxClass = 'rx' | 'otc_a' | 'otc_b' | 'none';
export const RX_CLASS_LABELS: Record<RxClass, string> = {
  rx: '处方药',
  otc_a: '甲类非处方药',
  otc_b: '乙类非处方药',
  none: '',
};

/** What a visitor or an unapproved member sees instead of prices. */
export const PRICE_HINTS = { visitor: '登录可见', pending: '审核通过后可见' } as const;

// ── Query schemas ──────────────────────────────────────────────────────────────────────────

// Clients send empty parameters (`select=&brand=`); treat them as absent.
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label}必须是数字` })
      .int({ message: `${label}必须是整数` })
      .positive({ message: `${label}必须是正整数` })
      .max(MAX_ID, { message: `${label}不存在` })
      .optional(),
  );

/** `GET /api/goods/list`. */
export const goodsListQuerySchema = pageQuerySchema.extend({
  /** Category id; its descendants are included. */
  select: optionalId('分类'),
  brand: optionalId('品牌'),
  keywords: z.preprocess(
    blankToUndefined,
    z.string().trim().max(50, { message: '搜索关键词不能超过50个字' }).optional(),
  ),
  /** 0 medicine name, 1 manufacturer. */
  type: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)], { error: '搜索类型只能是0或1' }))
      .default(0),
  ),
  zone: z.preprocess(blankToUndefined, z.enum(LIST_ZONES, { error: '专区参数有误' }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(GOODS_SORTS, { error: '排序方式有误' }).default('default')),
  /** Direction of `sales`, `price` and `expiry` sorts; by default sales fall, prices and expiry rise. */
  order: z.preprocess(
    blankToUndefined,
    z.enum(['asc', 'desc'], { error: '排序方向只能是asc或desc' }).optional(),
  ),
  /** 1: only goods that can be bought now. */
  in_stock: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)], { error: '库存筛选只能是0或1' }))
      .default(0),
  ),
});
export type GoodsListQuery = z.infer<typeof goodsListQuerySchema>;

const keywordsSchema = z.preprocess(
  blankToUndefined,
  z.string().trim().max(50, { message: '搜索关键词不能超过50个字' }).optional(),
);
const searchTypeSchema = z.preprocess(
  blankToUndefined,
  z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)], { error: '搜索类型只能是0或1' }))
    .default(0),
);

/** `GET /api/goods/search`: suggestions for the search box (keyword + type). */
export const goodsSuggestQuerySchema = z.object({ keywords: keywordsSchema, type: searchTypeSchema });
export type GoodsSuggestQuery = z.infer<typeof goodsSuggestQuerySchema>;

/** `GET /api/goods/fl`: the categories holding goods that match a keyword (分类 facets). */
export const goodsFlQuerySchema = z.object({ keywords: keywordsSchema, type: searchTypeSchema });
export type GoodsFlQuery = z.infer<typeof goodsFlQuerySchema>;

/** `GET /api/focus/kxzq_ad`: optional ad ids (`ids=1,2` or `ids[]=1`) narrowing the position. */
export const zoneAdQuerySchema = z.object({
  ids: z.preprocess(blankToUndefined, idListSchema.optional()),
});

/** Most suggestions `GET /api/goods/search` returns. */
export const SUGGESTION_LIMIT = 10;

/** Most goods `GET /api/goods/suggest_goods` returns (the search box's dropdown). */
export const SUGGESTED_GOODS_LIMIT = 6;

/**
 * `GET /api/goods/suggest_goods?keywords=&type=`: the goods the search box's dropdown shows
 * under the suggested words, ranked as the list ranks them (a whole-name match first, then
 * names that start with the keyword, then those that contain it; purchasable first; best
 * sellers). Each item is a list item: specification, maker, the viewer's price (null for a
 * visitor), stock (`number`), `is_buy`, the middle pack `zbz` and `buy_block`.
 */
export interface SuggestedGoods {
  keywords: string;
  list: GoodsItem[];
  /** How many goods match (at least; see `total_capped`). */
  total: number;
  total_capped?: 1;
}

/** A category facet of `GET /api/goods/fl`: how many matching goods it holds. */
export interface CategoryFacet {
  id: number;
  name: string;
  count: number;
}

/** `GET /api/index_wntj/:page`: the path segment is the page number. */
export const wntjParamsSchema = z.object({
  page: z.coerce
    .number({ error: '页码必须是数字' })
    .int({ message: '页码必须是整数' })
    .min(1, { message: '页码不能小于1' })
    .max(100, { message: '页码不能大于100' }),
});

/** `GET /api/goods/detail/:id`. */
export const goodsIdParamsSchema = z.object({ id: idSchema });

// ── Reply shapes ───────────────────────────────────────────────────────────────────────────

export interface GoodsTag {
  name: string;
  describe: string;
  is_show: number;
}
export interface GoodsImage {
  list: string;
}
export interface LadderTierView {
  number: number;
  /** Yuan with two decimals. */
  price: string;
}

/** A goods item of the list calls (SPEC §3 Goods plus what a buyer needs to choose). */
export interface GoodsItem {
  id: number;
  name: string;
  trade_name: string;
  sccj: string;
  ypgg: string;
  goods_image: GoodsImage[];
  is_buy: number;
  /** Stock. */
  number: number;
  /** Prices are null when hidden from the audience; `price_hint` then says why. */
  base_price: string | null;
  price: string | null;
  price_hint: string | null;
  bzdw: string;
  zbz: number;
  jzl: number;
  /** 1: quantities round up to a full case (`jzl`), as the server does when adding to the cart. */
  round_to_case: 0 | 1;
  ladder_price: LadderTierView[];
  ladder_price_type: number;
  is_free_shipping: number;
  free_shipping_number: number;
  is_dpby: number;
  qg_number: number;
  is_youx: number;
  is_hm: number;
  type: number;
  tags: GoodsTag[];
  ck_id: number;
  approval_no: string;
  /** Expiry of the earliest lot in stock, 'YYYY-MM-DD', or null without stock. */
  validity: string | null;
  sales: number;
  /**
   * Why the logged-in member may not buy it (GSP rules: approval, 经营范围, licences, 含麻,
   * 控销), or null. Present on the list and detail calls for members; absent for visitors.
   */
  buy_block?: PurchaseBlock | null;
  /**
   * For a signed-in member with a shelf-life floor (`shelf_months` > 0) on the list calls: set
   * when none of the goods' sellable lots expires after the floor's cutoff (placement would
   * refuse it), else null. Absent for visitors and members without a floor (decision 064).
   */
  below_floor?: ShelfFloorFlag | null;
}

/** A goods whose lots in stock are all under the member's shelf-life floor. */
export interface ShelfFloorFlag {
  /** The member's floor in months. */
  months: number;
  /** Expiry of the longest-dated sellable lot, 'YYYY-MM-DD'. */
  latest: string;
  /** Why, for the tag's title: 现有批号效期最长至…，不足您设置的12个月效期要求. */
  text: string;
}

/**
 * Most goods `GET /api/goods/list` counts. A broader list (a one-letter search over a big
 * catalogue) answers `total` = this many and `total_capped: 1`: there are more, and the pages
 * past it are not counted (docs/decisions/007-search-indexes.md).
 */
export const GOODS_COUNT_CAP = 2_000;

/** The reply of `GET /api/goods/list`: the one paginated shape, plus `total_capped` when capped. */
export interface GoodsListPage extends Paginated<GoodsItem> {
  /** Present (1) only when counting stopped at GOODS_COUNT_CAP: `total` is a lower bound. */
  total_capped?: 1;
}

export interface GoodsLotView {
  batch_no: string;
  produced_on: string;
  expires_on: string;
  number: number;
  /** The batch's quality-inspection report (members only), '' when none was uploaded. */
  qi_report_url?: string;
}

/** `GET /api/goods/detail/:id`. */
export interface GoodsDetail extends GoodsItem {
  dosage_form: string;
  rx_class: RxClass;
  rx_class_name: string;
  scope_class: string;
  storage: string;
  category: { id: number; name: string; parent: { id: number; name: string } | null };
  brand: { id: number; name: string } | null;
  zones: string[];
  lots: GoodsLotView[];
}

/** `GET /api/index/spike`: the current flash-sale session. Times are ten-digit seconds. */
export interface SpikeSession {
  start_time: number;
  end_time: number;
  /** While a flash-sale activity runs, each goods carries its flash price and per-buyer limit. */
  list: (GoodsItem & { activity_price?: string | null; limit?: number })[];
}
