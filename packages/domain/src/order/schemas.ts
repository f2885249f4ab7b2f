/** Input schemas of the order, payment and return calls: the server validates with these, the web forms too. */
import { z } from 'zod';
import { idListSchema, idSchema, pageQuerySchema } from '../api.js';
import {
  dayOrTimestampSchema,
  idOrZeroSchema,
  quantitySchema,
  textSchema,
  yuanInputSchema,
} from '../inputs.js';
import { mobileSchema } from '../validation.js';
import { MONEY_USE_TYPES } from './views-more.js';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Optional cart line ids (absent: the cart's selection). */
const lineIds = z.preprocess(blank, idListSchema.transform((ids) => [...new Set(ids)]).optional());

/** A coupon choice: absent = the best one, 0 = none, else a member coupon id. */
const couponChoice = z.preprocess(blank, idOrZeroSchema('优惠券').optional());

/** `POST /api/order/preview`. */
export const orderPreviewSchema = z.object({
  ids: lineIds,
  coupon_id: couponChoice,
  voucher_id: couponChoice,
  address_id: z.preprocess(blank, idSchema.optional()),
});
export type OrderPreviewInput = z.infer<typeof orderPreviewSchema>;

const text = textSchema;

/** Invoice fields: type 0 none, 1 普通发票 (title, tax number), 2 专票 (all tax details). */
export const invoiceSchema = z
  .object({
    invoice_type: z.preprocess(
      (v) => (v === '' || v == null ? 0 : v),
      z.coerce
        .number()
        .refine((t) => t === 0 || t === 1 || t === 2, { message: '发票类型有误' })
        .transform((t) => t as 0 | 1 | 2),
    ),
    invoice_title: text('发票抬头', 100),
    tax_no: text('税号', 30),
    invoice_bank: text('开户银行', 100),
    invoice_account: text('银行账号', 40),
    invoice_address: text('注册地址', 200),
    invoice_phone: text('注册电话', 30),
  })
  .superRefine((v, ctx) => {
    if (v.invoice_type === 0) return;
    if (!v.invoice_title)
      ctx.addIssue({ code: 'custom', path: ['invoice_title'], message: '请填写发票抬头' });
    if (!/^[0-9A-Z]{15,20}$/.test(v.tax_no))
      ctx.addIssue({ code: 'custom', path: ['tax_no'], message: '请填写正确的纳税人识别号' });
    if (v.invoice_type === 2) {
      const need: [keyof typeof v, string][] = [
        ['invoice_bank', '请填写开户银行'],
        ['invoice_account', '请填写银行账号'],
        ['invoice_address', '请填写注册地址'],
        ['invoice_phone', '请填写注册电话'],
      ];
      for (const [k, message] of need) if (!v[k]) ctx.addIssue({ code: 'custom', path: [k], message });
    }
  });

/** `POST /api/order`: place the order. The idempotency key comes as a header or `idempotency_key`. */
export const placeOrderSchema = z
  .object({
    ids: lineIds,
    // Refined before the id so that an absent key is refused too (an optional schema would skip it).
    address_id: z.preprocess(
      blank,
      z
        .unknown()
        .refine((v): boolean => v !== undefined, { message: '请选择收货地址' })
        .pipe(idSchema),
    ),
    coupon_id: couponChoice,
    voucher_id: couponChoice,
    remark: text('订单备注', 200),
    /** The payable the buyer saw ("123.40"); a different amount now is refused with the new one. */
    expected_payable: z.preprocess(blank, yuanInputSchema().transform(String).optional()),
    idempotency_key: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[\w-]{8,64}$/, { message: '请求标识格式有误' })
        .optional(),
    ),
  })
  .and(invoiceSchema);
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** A day ('YYYY-MM-DD') or a timestamp (ten digits are seconds) as epoch ms. */
const when = z.preprocess(blank, dayOrTimestampSchema.optional());

/** `GET /api/order/list`: status (0–4, absent = all), keywords (order number or goods name), dates. */
export const orderListQuerySchema = pageQuerySchema
  .extend({
    status: z.preprocess(
      blank,
      z.coerce
        .number({ error: '订单状态有误' })
        .int({ message: '订单状态有误' })
        .min(0, { message: '订单状态有误' })
        .max(4, { message: '订单状态有误' })
        .optional(),
    ),
    keywords: z.preprocess(
      blank,
      z.string().trim().max(50, { message: '搜索内容不能超过50个字' }).optional(),
    ),
    /** Inclusive; an end day covers the whole day. */
    start_time: when,
    end_time: when,
  })
  .refine((q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time, {
    message: '开始日期不能晚于结束日期',
    path: ['end_time'],
  });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderIdParamsSchema = z.object({ id: idSchema });

/** `POST /api/order/{id}/cancel`. */
export const cancelOrderSchema = z.object({ reason: text('取消原因', 100) });

/** The identity of who buys 含麻 goods (recorded before paying, as the rules require). */
export const hmPurchaserSchema = z.object({
  purchaser_name: z
    .string({ error: '请填写购买人姓名' })
    .trim()
    .min(2, { message: '请填写购买人姓名' })
    .max(20, { message: '姓名不能超过20个字' }),
  purchaser_id_no: z
    .string({ error: '请填写身份证号' })
    .trim()
    .regex(/^\d{17}[\dXx]$/, { message: '请填写正确的18位身份证号' })
    .transform((s) => s.toUpperCase()),
  purchaser_phone: mobileSchema,
});

/** `POST /api/order/{id}/pay`: method; 含麻 orders add the purchaser fields. */
export const payOrderSchema = z.object({
  method: z.enum(['balance', 'offline', 'online'], { error: '请选择支付方式' }),
  /** 余额支付: the member's payment password, and an SMS code above the member's amount. */
  pay_password: z
    .string({ error: '请输入支付密码' })
    .regex(/^\d{6}$/, { message: '请输入6位数字支付密码' })
    .optional(),
  sms_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: '请输入6位短信验证码' })
    .optional(),
});

/** `POST /api/order/{id}/return`. Lines as `lines[0][line_id]=5&lines[0][number]=2`. */
export const returnRequestSchema = z.object({
  kind: z.enum(['return', 'after_sales'], { error: '请选择申请类型' }),
  lines: z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
    z
      .array(
        z.object({
          line_id: idSchema,
          number: quantitySchema('退货数量')
            .int({ message: '退货数量必须是整数' })
            .positive({ message: '退货数量必须大于0' }),
        }),
        { error: '请选择要退货的商品' },
      )
      .min(1, { message: '请选择要退货的商品' })
      .max(300, { message: '一次最多300种商品' }),
  ),
  reason: z
    .string({ error: '请选择退货原因' })
    .trim()
    .min(1, { message: '请选择退货原因' })
    .max(50, { message: '退货原因不能超过50个字' }),
  description: text('问题描述', 500),
  /** data: URLs of JPG or PNG photos, at most 5, each at most 5 MB (checked by content). */
  photos: z.preprocess(
    (v) =>
      v == null || v === ''
        ? []
        : typeof v === 'string'
          ? [v]
          : v && typeof v === 'object' && !Array.isArray(v)
            ? Object.values(v)
            : v,
    z.array(z.string()).max(5, { message: '最多上传5张照片' }),
  ),
});
export type ReturnRequestInput = z.infer<typeof returnRequestSchema>;

/** Reasons offered for a return or after-sales request. */
export const RETURN_REASONS = [
  '商品破损',
  '质量问题',
  '发错货',
  '少发/漏发',
  '近效期',
  '不想要了',
  '其他',
] as const;

/** `POST /api/order/{id}/hm_receipt`: the arrival receipt (JPG, PNG or PDF as a data: URL). */
export const hmReceiptSchema = z.object({
  file: z.string({ error: '请上传到货回执' }).min(1, { message: '请上传到货回执' }),
});

/** The largest money-log kind (MONEY_USE_TYPES, 1 充值 … 8 抽奖奖励). */
const MONEY_USE_TYPE_MAX = Math.max(...Object.keys(MONEY_USE_TYPES).map(Number));

/**
 * `GET /api/user/user_money_log` and `GET /api/admin/members/:id/money_log`: page, the optional
 * kind and dates (YYYY-MM-DD, an end day covering the whole day, or Unix seconds).
 */
export const moneyLogQuerySchema = pageQuerySchema
  .extend({
    use_type: z.preprocess(
      blank,
      z.coerce
        .number({ error: '类型有误' })
        .int({ message: '类型有误' })
        .min(1, { message: '类型有误' })
        .max(MONEY_USE_TYPE_MAX, { message: '类型有误' })
        .optional(),
    ),
    start_time: when,
    end_time: when,
  })
  .refine((q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time, {
    message: '开始日期不能晚于结束日期',
    path: ['end_time'],
  });

/** `GET /api/user/availableCoupon`: type 1 coupons, 2 cash vouchers; `ids` prices them for cart lines. */
export const availableCouponQuerySchema = pageQuerySchema.extend({
  type: z.preprocess(
    (v) => (v === '' || v == null ? 1 : v),
    z.coerce.number().refine((t) => t === 1 || t === 2, { message: '优惠券类型有误' }),
  ),
  ids: lineIds,
});

/** Admin: `POST /api/admin/orders/{id}/ship`. */
export const shipOrderSchema = z.object({
  carrier: z
    .string({ error: '请填写承运商' })
    .trim()
    .min(1, { message: '请填写承运商' })
    .max(30, { message: '承运商不能超过30个字' }),
  tracking_no: z
    .string({ error: '请填写运单号' })
    .trim()
    .regex(/^[A-Za-z0-9-]{6,32}$/, { message: '请填写正确的运单号' }),
});

export { idListSchema };
