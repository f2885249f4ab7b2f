/**
 * Operator accounts managed by a 管理员 (list, create, edit, disable/enable, reset password).
 *
 * Table ownership: `operators` and `operator_audit` are declared in modules/account/schema.ts
 * (the login and the session lookup, in modules/account, read `operators`). This module is the
 * one that manages operator accounts (writes `operators` apart from the login's bookkeeping) and
 * the only one that writes and searches `operator_audit`.
 */
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import {
  OPERATOR_ROLE_LABELS,
  chinaDateTime,
  isOperatorRole,
  paginate,
  type OperatorCreateInput,
  type OperatorEditInput,
  type OperatorListQuery,
  type OperatorRole,
  type OperatorView,
  type Paginated,
} from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { AppError, business, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { operators } from '../account/schema.js';
import { escapeLike } from '../../platform/db.js';

type Row = typeof operators.$inferSelect;

/** What the back office shows of an account (never the hash). Also the audit's before/after. */
export function operatorView(o: Row): OperatorView {
  const role: OperatorRole = isOperatorRole(o.role) ? o.role : 'service';
  return {
    id: o.id,
    username: o.username,
    name: o.name,
    phone: o.phone,
    role: o.role,
    role_text: OPERATOR_ROLE_LABELS[role] ?? o.role,
    disabled: o.disabled ? 1 : 0,
    last_login_at: chinaDateTime(o.lastLoginAt),
    created_at: chinaDateTime(o.createdAt),
  };
}

const like = (s: string) => `%${escapeLike(s)}%`;

/** Accounts by id, searched by username or name, filtered by role. */
export async function listOperators(db: Queryable, q: OperatorListQuery): Promise<Paginated<OperatorView>> {
  const where = and(
    q.keyword
      ? or(ilike(operators.username, like(q.keyword)), ilike(operators.name, like(q.keyword)))
      : undefined,
    q.role ? eq(operators.role, q.role) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(operators).where(where);
  const rows = await db
    .select()
    .from(operators)
    .where(where)
    .orderBy(asc(operators.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return paginate(rows.map(operatorView), total?.n ?? 0, q);
}

export async function getOperator(db: Queryable, id: number): Promise<OperatorView> {
  const [o] = await db.select().from(operators).where(eq(operators.id, id));
  if (!o) throw notFound('运营人员不存在');
  return operatorView(o);
}

/** Who is calling, for the audit row and the admin hook: null when the account is gone. */
export async function operatorOf(
  db: Queryable,
  id: number,
): Promise<{ id: number; username: string; role: string; disabled: boolean } | null> {
  const [o] = await db
    .select({
      id: operators.id,
      username: operators.username,
      role: operators.role,
      disabled: operators.disabled,
    })
    .from(operators)
    .where(eq(operators.id, id))
    .limit(1);
  return o ?? null;
}

/** The account of a login name (case-insensitive), for the audit row of a login attempt. */
export async function operatorByUsername(
  db: Queryable,
  username: string,
): Promise<{ id: number; username: string; role: string } | null> {
  const [o] = await db
    .select({ id: operators.id, username: operators.username, role: operators.role })
    .from(operators)
    .where(sql`lower(${operators.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return o ?? null;
}

export async function createOperatorAccount(
  db: Db,
  input: OperatorCreateInput,
  now: Date,
): Promise<OperatorView> {
  const taken = await operatorByUsername(db, input.username);
  if (taken) throw new AppError('validation', '用户名已存在', { username: '用户名已存在' });
  const passwordHash = await hashPassword(input.password);
  try {
    const [o] = await db
      .insert(operators)
      .values({
        username: input.username,
        name: input.name,
        phone: input.phone,
        role: input.role,
        passwordHash,
        createdAt: now,
      })
      .returning();
    return operatorView(o!);
  } catch (err) {
    // Two creations of one name at once: the unique index decides.
    if (
      (err as { cause?: { code?: string } }).cause?.code === '23505' ||
      (err as { code?: string }).code === '23505'
    )
      throw new AppError('validation', '用户名已存在', { username: '用户名已存在' });
    throw err;
  }
}

/**
 * Locks the account and every enabled 管理员 (in id order, so two 管理员 acting at once wait for
 * each other), and refuses a change that would leave no enabled 管理员.
 */
async function lockForChange(tx: Queryable, id: number, leavesAdmin: (o: Row) => boolean): Promise<Row> {
  await tx.execute(
    sql`select id from ${operators} where role = 'admin' and not disabled order by id for update`,
  );
  const [o] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
  if (!o) throw notFound('运营人员不存在');
  if (o.role === 'admin' && !o.disabled && !leavesAdmin(o)) {
    const [n] = await tx
      .select({ n: count() })
      .from(operators)
      .where(and(eq(operators.role, 'admin'), eq(operators.disabled, false)));
    if ((n?.n ?? 0) <= 1) throw business('至少保留一名启用的管理员');
  }
  return o;
}

export interface Change {
  before: OperatorView;
  after: OperatorView;
}

/** Name, phone and role. The last enabled 管理员 keeps the role 管理员. */
export async function editOperator(db: Db, id: number, input: OperatorEditInput): Promise<Change> {
  return db.transaction(async (tx) => {
    const o = await lockForChange(tx, id, () => input.role === 'admin');
    const [after] = await tx
      .update(operators)
      .set({ name: input.name, phone: input.phone, role: input.role })
      .where(eq(operators.id, id))
      .returning();
    return { before: operatorView(o), after: operatorView(after!) };
  });
}

/**
 * Disables (every session ends: `sessions_valid_after` moves to now, and the admin hook refuses a
 * disabled account on its next call) or enables an account. Nobody disables themself, and the
 * last enabled 管理员 stays enabled.
 */
export async function setOperatorDisabled(
  db: Db,
  id: number,
  disabled: boolean,
  actorId: number,
  now: Date,
): Promise<Change> {
  if (disabled && id === actorId) throw business('不能停用自己的账号');
  return db.transaction(async (tx) => {
    const o = await lockForChange(tx, id, () => !disabled);
    const [after] = await tx
      .update(operators)
      .set(disabled ? { disabled: true, sessionsValidAfter: now } : { disabled: false })
      .where(eq(operators.id, id))
      .returning();
    return { before: operatorView(o), after: operatorView(after!) };
  });
}

/** A new password (argon2id); sessions issued before it end. */
export async function resetOperatorPassword(
  db: Db,
  id: number,
  password: string,
  now: Date,
): Promise<OperatorView> {
  const passwordHash = await hashPassword(password);
  const [o] = await db
    .update(operators)
    .set({ passwordHash, sessionsValidAfter: now })
    .where(eq(operators.id, id))
    .returning();
  if (!o) throw notFound('运营人员不存在');
  return operatorView(o);
}
