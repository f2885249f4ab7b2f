/**
 * The operator audit log (`operator_audit`, declared in modules/account/schema.ts; this module
 * alone writes and reads it): one row per operator write, inserted by the admin plugin's hook,
 * only ever inserted, searched by 管理员.
 */
import { and, count, desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import {
  OPERATOR_ROLE_LABELS,
  chinaDateTime,
  isOperatorRole,
  paginate,
  parseChinaTime,
  type AuditQuery,
  type AuditRowView,
  type Paginated,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { operatorAudit } from '../account/schema.js';
import { escapeLike } from '../../platform/db.js';

export type NewAuditRow = typeof operatorAudit.$inferInsert;

/** Inserts one row (the caller logs a failure; an audit write never fails the request). */
export async function writeAuditRow(db: Queryable, row: NewAuditRow): Promise<void> {
  await db.insert(operatorAudit).values(row);
}

const DAY_MS = 86_400_000;
const like = (s: string) => `%${escapeLike(s)}%`;

type Row = typeof operatorAudit.$inferSelect;
function view(r: Row): AuditRowView {
  return {
    id: r.id,
    operator_id: r.operatorId,
    operator_name: r.operatorName,
    role: r.role,
    role_text: isOperatorRole(r.role) ? OPERATOR_ROLE_LABELS[r.role] : r.role,
    action: r.action,
    method: r.method,
    path: r.path,
    entity: r.entity,
    entity_id: r.entityId,
    summary: r.summary,
    before: r.before ?? null,
    after: r.after ?? null,
    request: r.request ?? null,
    status: r.status,
    ip: r.ip,
    created_at: chinaDateTime(r.createdAt),
  };
}

/** The log, newest first, filtered by who, what and when (China dates, both ends included). */
export async function searchAudit(db: Queryable, q: AuditQuery): Promise<Paginated<AuditRowView>> {
  const where = and(
    q.operator_id ? eq(operatorAudit.operatorId, q.operator_id) : undefined,
    q.action ? eq(operatorAudit.action, q.action) : undefined,
    q.entity ? eq(operatorAudit.entity, q.entity) : undefined,
    q.entity_id ? eq(operatorAudit.entityId, q.entity_id) : undefined,
    q.from ? gte(operatorAudit.createdAt, new Date(parseChinaTime(q.from))) : undefined,
    q.to ? lt(operatorAudit.createdAt, new Date(parseChinaTime(q.to) + DAY_MS)) : undefined,
    q.keyword
      ? or(
          ilike(operatorAudit.summary, like(q.keyword)),
          ilike(operatorAudit.operatorName, like(q.keyword)),
          ilike(operatorAudit.path, like(q.keyword)),
          ilike(operatorAudit.action, like(q.keyword)),
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(operatorAudit).where(where);
  const rows = await db
    .select()
    .from(operatorAudit)
    .where(where)
    .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return paginate(rows.map(view), total?.n ?? 0, q);
}
