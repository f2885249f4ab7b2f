/**
 * Operator accounts, the audit log and the dashboard of the back office (docs/api/admin-operators.md):
 * their inputs, replies and the rule that keeps secrets out of the log.
 */
import { z } from 'zod';
import { OPERATOR_ROLES, type OperatorRole } from './access.js';
import { idSchema, pageQuerySchema } from './api.js';
import { passwordSchema } from './auth.js';
import { parseChinaTime } from './time.js';
import { MOBILE_RE } from './validation.js';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `limit` is accepted for `page_size` (the audit search's documented name). */
const pageWithLimit = (v: unknown) => {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if (o.page_size === undefined && o.limit !== undefined) return { ...o, page_size: o.limit };
  }
  return v;
};

const roleSchema = z.enum(OPERATOR_ROLES, { error: '请选择角色' });

const text = (label: string, max: number, optional = false) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .min(optional ? 0 : 1, { message: `请填写${label}` })
      .max(max, { message: `${label}不能超过${max}个字` }),
  );

const phone = z.preprocess(
  (v) => (v == null ? '' : v),
  z
    .string({ error: '手机号格式有误' })
    .trim()
    .refine((s) => s === '' || MOBILE_RE.test(s), { message: '手机号格式有误' }),
);

/** `GET /api/admin/operators`: keyword (username or name), role, page. */
export const operatorListQuerySchema = z.preprocess(
  pageWithLimit,
  pageQuerySchema.extend({
    keyword: z.preprocess(blank, z.string().trim().max(50, { message: '搜索内容不能超过50个字' }).optional()),
    role: z.preprocess(blank, roleSchema.optional()),
  }),
);
export type OperatorListQuery = z.infer<typeof operatorListQuerySchema>;

/** `POST /api/admin/operators/{id}`: what a 管理员 may change of an account. */
export const operatorEditSchema = z.object({
  name: text('姓名', 20),
  phone,
  role: roleSchema,
});
export type OperatorEditInput = z.infer<typeof operatorEditSchema>;

/** `POST /api/admin/operators`: a new account, its role and first password. */
export const operatorCreateSchema = operatorEditSchema.extend({
  username: z
    .string({ error: '请填写用户名' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{2,29}$/, { message: '用户名为3到30位字母、数字或下划线，以字母开头' }),
  password: passwordSchema,
});
export type OperatorCreateInput = z.infer<typeof operatorCreateSchema>;

/** `POST /api/admin/operators/{id}/password`: the new password a 管理员 sets. */
export const operatorPasswordSchema = z.object({ password: passwordSchema });

const chinaDay = (label: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: `${label}格式有误` })
      .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(parseChinaTime(s)), {
        message: `${label}格式有误`,
      })
      .optional(),
  );
const filterText = (max: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(max, { message: `搜索内容不能超过${max}个字` })
      .optional(),
  );

/**
 * `GET /api/admin/audit`: who (operator_id), what (action, entity, entity_id), when (from/to,
 * China dates, both included) and a keyword over the summary, name and path; newest first.
 */
export const auditQuerySchema = z.preprocess(
  pageWithLimit,
  pageQuerySchema
    .extend({
      operator_id: z.preprocess(blank, idSchema.optional()),
      action: filterText(60),
      entity: filterText(30),
      entity_id: filterText(40),
      from: chinaDay('开始日期'),
      to: chinaDay('结束日期'),
      keyword: filterText(50),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '开始日期不能晚于结束日期', path: ['to'] }),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One operator account as the back office lists it (never its password hash). */
export interface OperatorView {
  id: number;
  username: string;
  name: string;
  phone: string;
  role: OperatorRole;
  role_text: string;
  disabled: 0 | 1;
  /** China time, '' when never. */
  last_login_at: string;
  created_at: string;
}

/** One row of the audit log. */
export interface AuditRowView {
  id: number;
  operator_id: number;
  operator_name: string;
  role: string;
  role_text: string;
  action: string;
  method: string;
  path: string;
  entity: string;
  entity_id: string;
  summary: string;
  before: unknown;
  after: unknown;
  /** The request body with secrets replaced by '***'. */
  request: unknown;
  status: number;
  ip: string;
  created_at: string;
}

/** A dashboard number and the back-office list (path under /admin) it opens. */
export interface DashboardFigure {
  value: number;
  path: string;
}

/** `GET /api/admin/dashboard`: today's business and what waits for someone. */
export interface DashboardView {
  /** Today in China time. */
  date: string;
  today_orders: DashboardFigure;
  /** Yuan, two decimals: money received today for goods orders. */
  today_sales: { value: string; path: string };
  pending_members: DashboardFigure;
  transfers_to_confirm: DashboardFigure;
  orders_to_ship: DashboardFigure;
  returns_to_approve: DashboardFigure;
  returns_to_receive: DashboardFigure;
  returns_to_refund: DashboardFigure;
  low_stock_goods: DashboardFigure;
  near_expiry_goods: DashboardFigure;
  /** Lots past their expiry that still hold units (value = lots, units = their units). */
  expired_lots: DashboardFigure & { units: number };
}

/** Goods on shelf with less stock than this count as low on the dashboard. */
export const LOW_STOCK_THRESHOLD = 10;

const SECRET_KEY = /password|token|secret|code/i;

/**
 * A request body fit for the audit log: the value of every key that names a secret
 * (password, token, secret, code — at any depth) becomes '***'. Other values are kept.
 */
export function redactSecrets(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactSecrets);
  if (body && typeof body === 'object') {
    return Object.fromEntries(
      Object.entries(body as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) ? '***' : redactSecrets(v),
      ]),
    );
  }
  return body;
}
