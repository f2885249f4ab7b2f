import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, isOperatorRole, redactSecrets } from '@kc/domain';
import { auditEntryOf } from '../platform/audit.js';
import { requireOperator } from '../platform/auth.js';
import type { AppContext } from '../platform/context.js';
import { forbidden } from '../platform/errors.js';
import { accountAdminRoutes } from '../modules/account/admin-routes.js';
import { memberAdminRoutes } from '../modules/account/member-admin-routes.js';
import { catalogAdminRoutes } from '../modules/catalog/admin-routes.js';
import { catalogImportRoutes } from '../modules/catalog/import-routes.js';
import { orderAdminRoutes } from '../modules/order/admin-routes.js';
import { operatorAdminRoutes } from '../modules/operator/admin-routes.js';
import { writeAuditRow } from '../modules/operator/audit-log.js';
import { operatorByUsername, operatorOf } from '../modules/operator/operators.js';
import { walletAdminRoutes } from '../modules/wallet/admin-routes.js';
import { couponAdminRoutes } from '../modules/promotion/admin-routes.js';
import { drawAdminRoutes } from '../modules/promotion/draw-admin-routes.js';
import { activityAdminRoutes } from '../modules/activity/admin-routes.js';
import { dashboardAdminRoutes } from '../flows/dashboard/admin-routes.js';
import { reportAdminRoutes } from '../flows/reports/admin-routes.js';
import { fulfilmentAdminRoutes } from '../flows/fulfilment/admin-routes.js';
import { pointsAdminRoutes } from '../flows/points/admin-routes.js';
import { contentAdminRoutes } from '../modules/content/admin-routes.js';
import { engagementAdminRoutes } from '../modules/engagement/admin-routes.js';
import { invoiceAdminRoutes } from '../modules/invoice/admin-routes.js';
import { qiReportAdminRoutes } from '../modules/catalog/qi-report-routes.js';
import { chatAdminRoutes } from '../modules/chat/admin-routes.js';

/** A capability's back-office routes, registered with paths relative to `/api/admin`. */
export type AdminRoutes = (app: FastifyInstance, ctx: AppContext) => void;

/** Every capability's `admin-routes.ts` (and the flows' operator steps). */
export const ADMIN_ROUTES: readonly AdminRoutes[] = [
  accountAdminRoutes,
  memberAdminRoutes,
  catalogAdminRoutes,
  catalogImportRoutes,
  walletAdminRoutes,
  couponAdminRoutes,
  drawAdminRoutes,
  activityAdminRoutes,
  orderAdminRoutes,
  operatorAdminRoutes,
  fulfilmentAdminRoutes,
  dashboardAdminRoutes,
  reportAdminRoutes,
  pointsAdminRoutes,
  contentAdminRoutes,
  engagementAdminRoutes,
  invoiceAdminRoutes,
  qiReportAdminRoutes,
  chatAdminRoutes,
];

interface Caller {
  id: number;
  username: string;
  role: string;
}
/** The operator the access check found, kept for the audit row of the same request. */
const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * The one operator check. A route names the permission it needs in `config.access`
 * (packages/domain access.ts), or 'operator' (any enabled operator: their own session); the
 * login alone says 'public'. No operator session: 10001/401;
 * a member's session, a disabled or unknown operator, a role without the permission, or a
 * route that names none: 403.
 */
async function checkAccess(req: FastifyRequest, ctx: AppContext): Promise<void> {
  const access = req.routeOptions.config.access;
  if (access === 'public') return;
  const operatorId = await requireOperator(req);
  // The role is read on every call (not kept in the session): a change counts at once.
  const op = await operatorOf(ctx.database.db, operatorId);
  if (!op || op.disabled || !isOperatorRole(op.role)) throw forbidden();
  callers.set(req, op);
  if (!access) {
    // Fail closed: a route that forgot to say who may call it is nobody's.
    req.log.error({ url: req.routeOptions.url }, 'admin route declares no access: refused');
    throw forbidden();
  }
  if (access === 'operator') return;
  if (!can(op.role, access)) throw forbidden();
}

/** Field and file names of a multipart body, seen as the route reads its parts. */
const uploads = new WeakMap<FastifyRequest, { fields: string[]; files: string[] }>();

/**
 * The log keeps only the names of a multipart body's fields and its files' names. Routes read
 * parts as they stream (platform/multipart.ts), so the request's own `parts()` is wrapped to
 * note them on the way past.
 */
function noteUploads(req: FastifyRequest): void {
  // An app built without @fastify/multipart (a test's bare app) takes no uploads at all.
  if (typeof req.isMultipart !== 'function' || !req.isMultipart()) return;
  const seen = { fields: [] as string[], files: [] as string[] };
  uploads.set(req, seen);
  const parts = req.parts.bind(req);
  const wrapped = (...args: Parameters<typeof parts>) => {
    const source = parts(...args);
    return (async function* () {
      for await (const part of source) {
        seen.fields.push(part.fieldname);
        if (part.type === 'file') seen.files.push(String(part.filename ?? ''));
        yield part;
      }
    })();
  };
  (req as { parts: unknown }).parts = wrapped;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_LOGGED_BODY = 16_000;

/** The body as the log keeps it: secrets '***', multipart as names, a huge body as its keys. */
function loggedBody(req: FastifyRequest): unknown {
  const up = uploads.get(req);
  if (up) return { multipart: up };
  if (req.body == null) return null;
  const clean = redactSecrets(req.body);
  if (JSON.stringify(clean).length <= MAX_LOGGED_BODY) return clean;
  return { truncated: true, keys: typeof clean === 'object' ? Object.keys(clean as object) : [] };
}

/** Who made this write: the checked caller, else (calls that say 'public') the session's operator. */
async function callerOf(req: FastifyRequest, ctx: AppContext): Promise<Caller | null> {
  const known = callers.get(req);
  if (known) return known;
  const s = await req.session();
  return s?.subjectType === 'operator' ? operatorOf(ctx.database.db, s.subjectId) : null;
}

/** One `operator_audit` row for an operator write (or a login attempt); never fails the request. */
async function recordAudit(req: FastifyRequest, reply: FastifyReply, ctx: AppContext): Promise<void> {
  const route = req.routeOptions.url;
  if (READS.has(req.method) || !route) return;
  try {
    const db = ctx.database.db;
    const status = reply.statusCode;
    const base = { method: req.method, path: route, status, ip: req.ip, createdAt: ctx.now() };
    if (route === '/api/admin/login') {
      // Success or failure with the name tried; the body logged is the name alone.
      const raw = (req.body as { username?: unknown } | null)?.username;
      const username = typeof raw === 'string' ? raw.trim().slice(0, 64) : '';
      const op = username ? await operatorByUsername(db, username) : null;
      const good = status < 300;
      await writeAuditRow(db, {
        ...base,
        operatorId: op?.id ?? 0,
        operatorName: op?.username ?? username,
        role: op?.role ?? '',
        action: good ? 'operator.login' : 'operator.login_failed',
        entity: 'operator',
        entityId: op ? String(op.id) : '',
        summary: good ? `${username} 登录成功` : `${username} 登录失败`,
        request: { username },
      });
      return;
    }
    const who = await callerOf(req, ctx);
    if (!who) return; // not signed in as an operator: refused before anything happened
    const entry = auditEntryOf(req);
    await writeAuditRow(db, {
      ...base,
      operatorId: who.id,
      operatorName: who.username,
      role: who.role,
      action: entry?.action ?? `${req.method} ${route.replace(/^\/api\/admin/, '')}`,
      entity: entry?.entity ?? '',
      entityId: entry?.entityId == null ? '' : String(entry.entityId),
      summary: entry?.summary ?? '',
      before: entry?.before ?? null,
      after: entry?.after ?? null,
      request: loggedBody(req),
    });
  } catch (err) {
    req.log.error({ err, url: route }, 'operator audit row not written');
  }
}

/** Registers the back office under `/api/admin`: one access hook and one audit hook. */
export async function registerAdmin(
  app: FastifyInstance,
  ctx: AppContext,
  routes: readonly AdminRoutes[] = ADMIN_ROUTES,
): Promise<void> {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', (req) => checkAccess(req, ctx));
      admin.addHook('preValidation', async (req) => noteUploads(req));
      // onSend, not onResponse: onSend runs before the reply leaves, with its final status (an
      // error's too, set by the error handler), so by the time an operator sees the answer the
      // row is in the log (a 管理员 who opens the log next finds it; tests need no waiting).
      // onResponse runs after the reply has gone and would race the next request. The price is
      // one insert on each operator write, and writes are few.
      admin.addHook('onSend', async (req, reply, payload) => {
        await recordAudit(req, reply, ctx);
        return payload;
      });
      for (const register of routes) register(admin, ctx);
    },
    { prefix: '/api/admin' },
  );
}
