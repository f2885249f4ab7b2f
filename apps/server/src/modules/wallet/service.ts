import { and, count, desc, eq, gt, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  CHINA_OFFSET_MS,
  chinaDateTime,
  fenToYuan,
  MONEY_LOG_TYPES,
  paginate,
  pointsReasonKind,
  POINTS_LOG_TYPES,
  POINTS_REASON_KINDS,
  type PointsLogQuery,
  type PointsLogView,
  type WalletMemberView,
  type Fen,
  type MoneyLogView,
  type MoneyUseType,
  type Paginated,
  type UserMoneyView,
} from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { AppError, business, invalid, notFound } from '../../platform/errors.js';
import { members } from '../account/schema.js';
import { moneyLogs, pointsLogs } from './schema.js';
import { escapeLike } from '../../platform/db.js';

const DAY_MS = 86_400_000;

export interface MoneyEntry {
  useType: MoneyUseType;
  orderId?: number | null;
  orderNo?: string;
  remark?: string;
}

function assertAmount(n: number, what: string): void {
  if (!Number.isInteger(n) || n === 0)
    throw new AppError('internal', `${what} must be a non-zero integer: ${n}`);
}

/**
 * Moves a member's balance by `amount` fen (negative = debit) and writes the money log with
 * the balance after it. Runs inside the caller's transaction: two statements, the update
 * itself refusing to go below zero, so two debits racing can never overdraw.
 */
export async function changeBalance(
  tx: Queryable,
  memberId: number,
  amount: Fen,
  entry: MoneyEntry,
  now: Date,
): Promise<{ balance: Fen }> {
  assertAmount(amount, 'balance change');
  const [row] = await tx
    .update(members)
    .set({ balance: sql`${members.balance} + ${amount}`, updatedAt: now })
    .where(and(eq(members.id, memberId), sql`${members.balance} + ${amount} >= 0`))
    .returning({ balance: members.balance });
  if (!row) throw amount < 0 ? business('余额不足，请选择其他支付方式') : notFound('会员不存在');
  await tx.insert(moneyLogs).values({
    memberId,
    amount,
    balanceAfter: row.balance,
    useType: entry.useType,
    orderId: entry.orderId ?? null,
    orderNo: entry.orderNo ?? '',
    remark: entry.remark ?? '',
    createdAt: now,
  });
  return { balance: row.balance };
}

/** Moves a member's points (never below zero) and writes the points log; same pattern as changeBalance. */
export async function changePoints(
  tx: Queryable,
  memberId: number,
  points: number,
  reason: string,
  orderId: number | null,
  now: Date,
): Promise<{ points: number }> {
  assertAmount(points, 'points change');
  const [row] = await tx
    .update(members)
    .set({ points: sql`${members.points} + ${points}`, updatedAt: now })
    .where(and(eq(members.id, memberId), sql`${members.points} + ${points} >= 0`))
    .returning({ points: members.points });
  if (!row) throw points < 0 ? business('积分不足') : notFound('会员不存在');
  await tx.insert(pointsLogs).values({
    memberId,
    points,
    pointsAfter: row.points,
    reason,
    orderId,
    createdAt: now,
  });
  return { points: row.points };
}

/**
 * Takes back up to `most` points a refund undid, as far as the member still has them (points
 * already spent stay spent). Locks the member row first; returns the points taken.
 */
export async function takeBackPoints(
  tx: Queryable,
  memberId: number,
  most: number,
  reason: string,
  orderId: number,
  now: Date,
): Promise<number> {
  if (most <= 0) return 0;
  const [m] = await tx
    .select({ points: members.points })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  const take = Math.min(most, m?.points ?? 0);
  if (take > 0) await changePoints(tx, memberId, -take, reason, orderId, now);
  return take;
}

/** An operator (or seed) top-up: use_type 1, in its own transaction. */
export async function recharge(
  db: Db,
  memberId: number,
  amount: Fen,
  remark: string,
  now: Date,
): Promise<{ balance: Fen }> {
  if (!Number.isInteger(amount) || amount <= 0) throw invalid('amount', '充值金额必须大于0');
  return db.transaction((tx) => changeBalance(tx, memberId, amount, { useType: 1, remark }, now));
}

/** `GET /api/user/user_money`. */
export async function userMoney(db: Queryable, memberId: number): Promise<UserMoneyView> {
  const [row] = await db.select({ balance: members.balance }).from(members).where(eq(members.id, memberId));
  if (!row) throw notFound('会员不存在');
  return { balance: fenToYuan(row.balance) };
}

export interface MoneyLogQuery {
  page: number;
  page_size: number;
  use_type?: number;
  /** Epoch ms (moneyLogQuerySchema). */
  start_time?: number;
  end_time?: number;
}

/**
 * The upper bound of an end time: a day given as a date (China midnight) covers the whole
 * day; any other instant is inclusive as given.
 */
function endBefore(end: number): { ms: number; inclusive: boolean } {
  const midnight = (end + CHINA_OFFSET_MS) % DAY_MS === 0;
  return midnight ? { ms: end + DAY_MS, inclusive: false } : { ms: end, inclusive: true };
}

function moneyLogView(r: typeof moneyLogs.$inferSelect): MoneyLogView {
  return {
    id: r.id,
    amount: fenToYuan(r.amount),
    balance: fenToYuan(r.balanceAfter),
    use_type: r.useType,
    use_type_text: MONEY_LOG_TYPES[r.useType] ?? '',
    order_no: r.orderNo,
    remark: r.remark,
    created_at: chinaDateTime(r.createdAt),
  };
}

/** `GET /api/user/user_money_log`: the member's own entries, newest first, filtered by type and dates. */
export async function moneyLog(
  db: Queryable,
  memberId: number,
  q: MoneyLogQuery,
): Promise<Paginated<MoneyLogView>> {
  const where: SQL[] = [eq(moneyLogs.memberId, memberId)];
  if (q.use_type !== undefined) where.push(eq(moneyLogs.useType, q.use_type as MoneyUseType));
  if (q.start_time !== undefined) where.push(gte(moneyLogs.createdAt, new Date(q.start_time)));
  if (q.end_time !== undefined) {
    const end = endBefore(q.end_time);
    where.push((end.inclusive ? lte : lt)(moneyLogs.createdAt, new Date(end.ms)));
  }
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(moneyLogs)
      .where(cond)
      .orderBy(desc(moneyLogs.createdAt), desc(moneyLogs.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(moneyLogs).where(cond),
  ]);
  return paginate(rows.map(moneyLogView), total?.n ?? 0, q);
}

function pointsLogView(r: typeof pointsLogs.$inferSelect): PointsLogView {
  const type = r.points > 0 ? 1 : 2;
  const kind = pointsReasonKind(r.reason, r.points);
  return {
    id: r.id,
    points: r.points,
    balance: r.pointsAfter,
    type,
    type_text: POINTS_LOG_TYPES[type],
    kind,
    kind_text: POINTS_REASON_KINDS[kind],
    reason: r.reason,
    created_at: chinaDateTime(r.createdAt),
  };
}

/**
 * `GET /api/user/points_log`: the member's points entries, newest first; type 1 获得, 2 扣减.
 * The reply carries the member's current points too.
 */
export async function pointsLog(
  db: Queryable,
  memberId: number,
  q: PointsLogQuery,
): Promise<Paginated<PointsLogView> & { points: number }> {
  const where: SQL[] = [eq(pointsLogs.memberId, memberId)];
  if (q.type === 1) where.push(gt(pointsLogs.points, 0));
  if (q.type === 2) where.push(lt(pointsLogs.points, 0));
  const cond = and(...where);
  const [rows, [total], [m]] = await Promise.all([
    db
      .select()
      .from(pointsLogs)
      .where(cond)
      .orderBy(desc(pointsLogs.createdAt), desc(pointsLogs.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(pointsLogs).where(cond),
    db.select({ points: members.points }).from(members).where(eq(members.id, memberId)),
  ]);
  if (!m) throw notFound('会员不存在');
  return { ...paginate(rows.map(pointsLogView), total?.n ?? 0, q), points: m.points };
}

async function lockMember(tx: Queryable, memberId: number) {
  const [m] = await tx
    .select({ balance: members.balance, points: members.points, username: members.username })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!m) throw notFound('会员不存在');
  return m;
}

/**
 * An operator's balance adjustment (use_type 5, the reason as remark): one transaction, the
 * member row locked, never below zero. Returns the balance before and after, in fen.
 */
export async function adjustBalance(
  db: Db,
  memberId: number,
  amount: Fen,
  reason: string,
  now: Date,
): Promise<{ username: string; before: Fen; after: Fen }> {
  return db.transaction(async (tx) => {
    const m = await lockMember(tx, memberId);
    if (m.balance + amount < 0) throw business(`扣减金额不能超过会员当前余额（${fenToYuan(m.balance)}元）`);
    const { balance } = await changeBalance(tx, memberId, amount, { useType: 5, remark: reason }, now);
    return { username: m.username, before: m.balance, after: balance };
  });
}

/** An operator's points adjustment ('积分调整：<reason>'): same rules as adjustBalance. */
export async function adjustPoints(
  db: Db,
  memberId: number,
  points: number,
  reason: string,
  now: Date,
): Promise<{ username: string; before: number; after: number }> {
  return db.transaction(async (tx) => {
    const m = await lockMember(tx, memberId);
    if (m.points + points < 0) throw business(`扣减积分不能超过会员当前积分（${m.points}）`);
    const after = await changePoints(tx, memberId, points, `积分调整：${reason}`, null, now);
    return { username: m.username, before: m.points, after: after.points };
  });
}

/** `GET /api/admin/wallet/members`: members with balance and points, searched, by id. */
export async function walletMembers(
  db: Queryable,
  q: { page: number; page_size: number; keyword?: string },
): Promise<Paginated<WalletMemberView>> {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  const cond = like
    ? or(ilike(members.username, like), ilike(members.company, like), ilike(members.phone, like))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: members.id,
        username: members.username,
        company: members.company,
        phone: members.phone,
        balance: members.balance,
        points: members.points,
      })
      .from(members)
      .where(cond)
      .orderBy(desc(members.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(members).where(cond),
  ]);
  return paginate(
    rows.map((r) => ({ ...r, balance: fenToYuan(r.balance) })),
    total?.n ?? 0,
    q,
  );
}

/** Whether a member exists (the admin log views answer 404 otherwise). */
export async function assertMember(db: Queryable, memberId: number): Promise<void> {
  const [m] = await db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!m) throw notFound('会员不存在');
}
