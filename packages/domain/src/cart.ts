/** Cart calls (SPEC §7): input schemas shared by the server and the web app. */
import { z } from 'zod';
import { idListSchema, idSchema } from './api.js';
import { LIMITS } from './constants.js';
import { quantitySchema as quantityRule, yuanInputSchema } from './inputs.js';

/** The most lines one add may carry, and the most lines a cart may hold. */
export const CART_LIMITS = { addMaxLines: 300, maxLines: 500 } as const;

/** Cart line types: 0 normal goods, 1 flash sale, 3 combination (the combination is the goods). */
export const CART_LINE_TYPES = [0, 1, 3] as const;

// One quantity rule for every path (add, edit, quick add; returns use it too): see inputs.ts.
const quantitySchema = quantityRule();

/** A yuan amount as the client shows it ("12.90"). */
const yuanSchema = yuanInputSchema('价格格式有误');

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const lineTypeSchema = z.coerce
  .number({ error: '商品类型有误' })
  .refine((t) => (CART_LINE_TYPES as readonly number[]).includes(t), { message: '商品类型有误' });

/** One add-to-cart item (SPEC §3): goods_id, price, number, ck_id, optional type. */
export const cartAddItemSchema = z.object({
  goods_id: idSchema,
  price: z.preprocess(blankToUndefined, yuanSchema.optional()),
  number: quantitySchema,
  ck_id: z.preprocess(blankToUndefined, idSchema.optional()),
  type: z.preprocess(blankToUndefined, lineTypeSchema.optional()),
});
export type CartAddItem = z.infer<typeof cartAddItemSchema>;

// qs turns params[0][goods_id]=5 into an array, but indices above 20 into an object.
const listFromForm = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v as Record<string, unknown>) : v;

/** `POST /api/cart`: `params[0][goods_id]=5&params[0][number]=10…`. */
export const cartAddSchema = z.object({
  params: z.preprocess(
    listFromForm,
    z
      .array(cartAddItemSchema, { error: '请选择要加入购物车的商品' })
      .min(1, { message: '请选择要加入购物车的商品' })
      .max(CART_LIMITS.addMaxLines, { message: `一次最多加入${CART_LIMITS.addMaxLines}种商品` }),
  ),
});
export type CartAddInput = z.infer<typeof cartAddSchema>;

/** `GET /api/cart/list`: `filters` caps the lines returned (default 99999); `ck_id` keeps one warehouse. */
export const cartListQuerySchema = z.object({
  filters: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(LIMITS.cartFilterDefault).default(LIMITS.cartFilterDefault),
  ),
  ck_id: z.preprocess(blankToUndefined, idSchema.optional()),
});
export type CartListQuery = z.infer<typeof cartListQuerySchema>;

/**
 * `POST /api/cart/{id}/edit`: `params[number]=20` (or `number=20`), a whole number above zero.
 * The goods' own rules (middle pack, limit, stock) are `checkQuantity`'s, on the server.
 */
export const cartEditSchema = z
  .object({
    params: z.object({ number: quantitySchema }).optional(),
    number: quantitySchema.optional(),
  })
  .transform((b) => ({ number: b.params?.number ?? b.number }))
  .refine((b) => b.number !== undefined, { message: '请填写购买数量', path: ['number'] })
  .refine((b) => b.number === undefined || Number.isInteger(b.number), {
    message: '购买数量必须是整数',
    path: ['number'],
  })
  .refine((b) => b.number === undefined || !Number.isInteger(b.number) || b.number > 0, {
    message: '购买数量必须大于0',
    path: ['number'],
  });

/** `POST /api/cart/batch_select`: ids and `is_selected` 0 or 1. */
export const cartBatchSelectSchema = z.object({
  ids: idListSchema,
  is_selected: z.coerce
    .number({ error: '选中状态有误' })
    .refine((v) => v === 0 || v === 1, { message: '选中状态有误' }),
});

/** `POST api/cart/batch_delete` and `POST /api/cart/checkout`: line ids. */
export const cartIdsSchema = z.object({ ids: idListSchema.transform((ids) => [...new Set(ids)]) });

/** `POST /api/cart/checkout`: line ids; absent means the current selection. */
export const cartCheckoutSchema = z.object({
  ids: z.preprocess(blankToUndefined, idListSchema.transform((ids) => [...new Set(ids)]).optional()),
});

/** `POST /api/cart/copy`: line ids and the member ids of the other stores. */
export const cartCopySchema = z.object({
  ids: idListSchema.transform((ids) => [...new Set(ids)]),
  other_user_ids: idListSchema.transform((ids) => [...new Set(ids)]),
});

/** `POST api/cart/quick_add/{id}`: the goods id; optional `number` (default: one middle pack). */
export const cartQuickAddSchema = z.object({
  number: z.preprocess(blankToUndefined, quantitySchema.optional()),
  type: z.preprocess(blankToUndefined, lineTypeSchema.optional()),
});

/** Path `{id}` of edit and quick add. */
export const cartIdParamsSchema = z.object({ id: idSchema });

/** Cart messages shown by the server and the web app. */
export const CART_MESSAGES = {
  added: '加入购物车成功',
  priceChanged: '部分商品价格已变动，请确认后再结算',
  deleted: '删除成功',
  notInCart: '购物车中没有该商品',
  nothingSelected: '请选择要结算的商品',
  copied: '复制成功',
} as const;
