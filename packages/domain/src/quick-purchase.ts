/**
 * Quick purchase (快捷采购, /kjcg) and the regular-purchase list (`GET /api/user/fast_buy`):
 * input schemas, the list's columns and the middle-pack rule, shared by the server and the web app.
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.js';
import type { ImportColumn } from './admin-import-columns.js';
import { quantitySchema } from './inputs.js';

/** Limits of one list: rows matched per call, pasted characters, file bytes, lines added per call. */
export const QUICK_LIMITS = {
  maxRows: 1000,
  maxTextChars: 200_000,
  maxBytes: 2 * 1024 * 1024,
  maxCartLines: 500,
  maxCodeChars: 64,
  /** Candidates shown for an ambiguous row, nearest goods for an unmatched one. */
  candidates: 5,
} as const;

/**
 * The columns a pharmacy ERP export carries, with the wordings such exports use. A list needs
 * a name or an approval number column; the rest help to narrow the match.
 */
export const QUICK_COLUMNS = [
  {
    key: 'code',
    header: '商品编码',
    aliases: ['编码', '商品编号', '货号', '自编码', '药品编码', '商品代码', '编号'],
    note: '您自己系统里的商品编码：选择过一次的商品下次按编码直接匹配',
    example: 'YP00123',
  },
  {
    key: 'name',
    header: '商品名称',
    aliases: ['通用名', '通用名称', '药品名称', '品名', '名称', '商品名'],
    note: '通用名或商品名',
    example: '阿莫西林胶囊',
  },
  {
    key: 'ypgg',
    header: '规格',
    aliases: ['药品规格', '规格型号', '商品规格'],
    note: '',
    example: '0.25g*24粒',
  },
  {
    key: 'sccj',
    header: '生产厂家',
    aliases: ['厂家', '生产企业', '生产单位', '产地', '厂商'],
    note: '',
    example: '华北制药股份有限公司',
  },
  {
    key: 'number',
    header: '数量',
    aliases: ['采购数量', '订货数量', '需求数量', '计划数量', '购买数量'],
    note: '按中包装的整数倍调整',
    example: '20',
  },
  {
    key: 'approvalNo',
    header: '批准文号',
    aliases: ['国药准字', '批文', '注册证号'],
    note: '优先按批准文号匹配',
    example: '国药准字H13023964',
  },
] as const satisfies readonly ImportColumn[];
export type QuickColumnKey = (typeof QUICK_COLUMNS)[number]['key'];

/** The column order of a pasted list without a header row. */
export const QUICK_PASTE_ORDER: readonly QuickColumnKey[] = [
  'code',
  'name',
  'ypgg',
  'sccj',
  'number',
  'approvalNo',
];

/** `POST /api/quick_buy/match` without a file: `text` is rows copied from a spreadsheet (tab-separated). */
export const quickMatchTextSchema = z.object({
  text: z
    .string({ error: '请粘贴采购清单' })
    .trim()
    .min(1, { message: '请粘贴采购清单' })
    .max(QUICK_LIMITS.maxTextChars, { message: `粘贴内容不能超过${QUICK_LIMITS.maxTextChars}个字符` }),
});

const listFromForm = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v as Record<string, unknown>) : v;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** One line of `POST /api/quick_buy/cart`: the goods, the quantity, and the buyer's code to remember. */
export const quickCartItemSchema = z.object({
  goods_id: idSchema,
  number: quantitySchema(),
  code: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(QUICK_LIMITS.maxCodeChars, { message: `商品编码不能超过${QUICK_LIMITS.maxCodeChars}个字符` })
      .optional(),
  ),
});
export type QuickCartItem = z.infer<typeof quickCartItemSchema>;

/** `POST /api/quick_buy/cart`: `params[0][goods_id]=5&params[0][number]=30&params[0][code]=YP001`. */
export const quickCartSchema = z.object({
  params: z.preprocess(
    listFromForm,
    z
      .array(quickCartItemSchema, { error: '请选择要加入购物车的商品' })
      .min(1, { message: '请选择要加入购物车的商品' })
      .max(QUICK_LIMITS.maxCartLines, { message: `一次最多加入${QUICK_LIMITS.maxCartLines}种商品` }),
  ),
});
export type QuickCartInput = z.infer<typeof quickCartSchema>;

/** `GET /api/user/fast_buy` sort orders: most often bought, most recently bought, most units. */
export const FAST_BUY_ORDERS = ['times', 'last', 'number'] as const;
export type FastBuyOrder = (typeof FAST_BUY_ORDERS)[number];

/** `GET /api/user/fast_buy?page=1&order=times`. */
export const fastBuyQuerySchema = pageQuerySchema.extend({
  order: z.preprocess(
    blankToUndefined,
    z.enum(FAST_BUY_ORDERS, { message: '排序方式有误' }).default('times'),
  ),
});
export type FastBuyQuery = z.infer<typeof fastBuyQuerySchema>;

/** How a list row was matched. */
export type QuickMatchedBy = 'approval_no' | 'code' | 'name';
export type QuickRowStatus = 'matched' | 'ambiguous' | 'unmatched';

/** A goods as a list row shows it (prices in yuan; null when the buyer may not see prices). */
export interface QuickGoods {
  id: number;
  name: string;
  trade_name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  bzdw: string;
  zbz: number;
  jzl: number;
  round_to_case: number;
  price: string | null;
  /** Stock. */
  number: number;
  is_buy: number;
  ck_id: number;
  warehouse: string;
  image: string;
}

/** One row of the buyer's list as matched. */
export interface QuickRow {
  /** The row's number in the file (or the line in the pasted text). */
  row: number;
  code: string;
  name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  /** The quantity as the list asked (null when empty or not a number). */
  wanted: number | null;
  status: QuickRowStatus;
  matched_by: QuickMatchedBy | null;
  /** The matched goods (status matched). */
  goods: QuickGoods | null;
  /** Goods to choose from (ambiguous) or the nearest goods (unmatched). */
  candidates: QuickGoods[];
  /** The quantity to buy the matched goods at, and what adjusting it says. */
  quantity: number;
  note: string;
}

export interface QuickMatchReply {
  rows: QuickRow[];
  summary: { total: number; matched: number; ambiguous: number; unmatched: number };
}

export interface QuickCartReply {
  /** Lines added to (or increased in) the cart. */
  added: number;
  /** Lines that could not be added, with the reason. */
  skipped: { goods_id: number; name: string; reason: string }[];
  /** Codes remembered for the buyer's next list. */
  remembered: number;
  /** Cart line count after the add. */
  total: number;
}

/** One goods of `GET /api/user/fast_buy`. */
export interface FastBuyItem {
  goods: QuickGoods & { goods_image: { list: string }[] };
  /** Unit price paid on the last order (yuan). */
  last_price: string;
  /** When it was last ordered (YYYY-MM-DD HH:mm:ss, China time). */
  last_time: string;
  /** Units on the last order. */
  last_number: number;
  /** Orders it was on, and units over all of them. */
  buy_times: number;
  total_number: number;
}
