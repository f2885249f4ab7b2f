import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  CHINA_OFFSET_MS,
  chinaDateTime,
  fenToYuan,
  MONEY_USE_TYPES,
  paginate,
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
    use_type_text: MONEY_USE_TYPES[r.useType] ?? '',
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
