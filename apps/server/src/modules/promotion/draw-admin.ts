import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  DRAW_FULFILMENT_TEXT,
  DRAW_ODDS_BASE,
  DRAW_PRIZE_KIND_TEXT,
  DRAW_STATUS_TEXT,
  drawStatus,
  fenToYuan,
  paginate,
  type AdminDrawDetail,
  type AdminDrawPrize,
  type AdminDrawRecordRow,
  type AdminDrawRow,
  type DrawInput,
  type DrawPrizeInput,
  type DrawPrizeKind,
  type PageQuery,
  type Paginated,
} from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { business, invalid, notFound } from '../../platform/errors.js';
import { members } from '../account/schema.js';
import { couponTemplates, drawPrizes, drawRecords, draws } from './schema.js';
import { escapeLike } from '../../platform/db.js';

type DrawRow = typeof draws.$inferSelect;
type PrizeRow = typeof drawPrizes.$inferSelect;

async function joinedCounts(
  db: Queryable,
  ids: number[],
): Promise<Map<number, { joined: number; prizes: number }>> {
  const out = new Map<number, { joined: number; prizes: number }>();
  if (ids.length === 0) return out;
  const [joined, prizes] = await Promise.all([
    db
      .select({ id: drawRecords.drawId, n: count() })
      .from(drawRecords)
      .where(sql`${drawRecords.drawId} = any(${sql.param(ids)}::int[])`)
      .groupBy(drawRecords.drawId),
    db
      .select({ id: drawPrizes.drawId, n: count() })
      .from(drawPrizes)
      .where(sql`${drawPrizes.drawId} = any(${sql.param(ids)}::int[])`)
      .groupBy(drawPrizes.drawId),
  ]);
  for (const id of ids) out.set(id, { joined: 0, prizes: 0 });
  for (const r of joined) out.get(r.id)!.joined = r.n;
  for (const r of prizes) out.get(r.id)!.prizes = r.n;
  return out;
}

function rowView(d: DrawRow, n: { joined: number; prizes: number }, now: Date): AdminDrawRow {
  const status = drawStatus(d, now);
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    image: d.image,
    start_time: chinaDateTime(d.startsAt),
    end_time: chinaDateTime(d.endsAt),
    enabled: d.enabled,
    status,
    status_text: DRAW_STATUS_TEXT[status],
    prizes: n.prizes,
    joined: n.joined,
  };
}

/** `GET /api/admin/draws`: newest first, by name. */
export async function listDraws(
  db: Queryable,
  q: PageQuery & { keyword?: string },
  now: Date,
): Promise<Paginated<AdminDrawRow>> {
  const cond = q.keyword ? ilike(draws.name, `%${escapeLike(q.keyword)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(draws)
      .where(cond)
      .orderBy(desc(draws.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(draws).where(cond),
  ]);
  const counts = await joinedCounts(
    db,
    rows.map((r) => r.id),
  );
  return paginate(
    rows.map((r) => rowView(r, counts.get(r.id)!, now)),
    total?.n ?? 0,
    q,
  );
}

function prizeView(p: PrizeRow, couponName: string): AdminDrawPrize {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind as DrawPrizeKind,
    kind_text: DRAW_PRIZE_KIND_TEXT[p.kind as DrawPrizeKind] ?? p.kind,
    image: p.image,
    value: p.kind === 'points' ? p.value : 0,
    amount: p.kind === 'balance' ? fenToYuan(p.value) : '0.00',
    coupon_template_id: p.couponTemplateId,
    coupon_name: couponName,
    odds: p.odds,
    stock: p.stock,
    awarded: p.awarded,
    sort: p.sort,
  };
}

/** `GET /api/admin/draws/:id`: the draw, its prizes (odds, stock, awarded) and the odds' sum. */
export async function drawForOperator(db: Queryable, id: number, now: Date): Promise<AdminDrawDetail> {
  const [d] = await db.select().from(draws).where(eq(draws.id, id));
  if (!d) throw notFound('抽奖活动不存在');
  const prizes = await db
    .select({ p: drawPrizes, coupon: couponTemplates.name })
    .from(drawPrizes)
    .leftJoin(couponTemplates, eq(couponTemplates.id, drawPrizes.couponTemplateId))
    .where(eq(drawPrizes.drawId, id))
    .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
  const counts = (await joinedCounts(db, [id])).get(id)!;
  return {
    ...rowView(d, counts, now),
    prizes_list: prizes.map((r) => prizeView(r.p, r.coupon ?? '')),
    odds_total: prizes.reduce((s, r) => s + r.p.odds, 0),
  };
}

const drawValues = (v: DrawInput) => ({
  name: v.name,
  description: v.description,
  image: v.image,
  startsAt: v.starts_at,
  endsAt: v.ends_at,
  enabled: v.enabled,
});

export async function createDraw(db: Queryable, v: DrawInput, now: Date): Promise<number> {
  const [row] = await db
    .insert(draws)
    .values({ ...drawValues(v), createdAt: now })
    .returning({ id: draws.id });
  return row!.id;
}

/** Replaces a draw's form; returns the row before and after (for the audit). */
export async function updateDraw(
  db: Queryable,
  id: number,
  v: DrawInput,
): Promise<{ before: DrawRow; after: DrawRow }> {
  const [before] = await db.select().from(draws).where(eq(draws.id, id));
  if (!before) throw notFound('抽奖活动不存在');
  const [after] = await db.update(draws).set(drawValues(v)).where(eq(draws.id, id)).returning();
  return { before, after: after! };
}

/** Deletes a draw nobody has joined (a joined draw is stopped by disabling it). */
export async function deleteDraw(db: Db, id: number): Promise<DrawRow> {
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(draws).where(eq(draws.id, id)).for('update');
    if (!d) throw notFound('抽奖活动不存在');
    const [n] = await tx.select({ n: count() }).from(drawRecords).where(eq(drawRecords.drawId, id));
    if ((n?.n ?? 0) > 0) throw business('已有会员参与该抽奖，不能删除，可将其停用');
    await tx.delete(draws).where(eq(draws.id, id));
    return d;
  });
}

async function checkCoupon(db: Queryable, v: DrawPrizeInput): Promise<void> {
  if (v.kind !== 'coupon') return;
  const [t] = await db
    .select({ id: couponTemplates.id })
    .from(couponTemplates)
    .where(eq(couponTemplates.id, v.coupon_template_id!));
  if (!t) throw invalid('coupon_template_id', '优惠券不存在');
}

const prizeValues = (v: DrawPrizeInput) => ({
  name: v.name,
  kind: v.kind,
  image: v.image,
  value: v.kind === 'points' ? v.value : v.kind === 'balance' ? v.amount : 0,
  couponTemplateId: v.kind === 'coupon' ? (v.coupon_template_id ?? null) : null,
  odds: v.odds,
  stock: v.kind === 'none' ? 0 : v.stock,
  sort: v.sort,
});

/** The odds of the draw's other prizes plus `odds` may not pass 10,000 (the draw row is locked). */
async function checkOdds(tx: Queryable, drawId: number, odds: number, exceptPrize?: number): Promise<void> {
  const [d] = await tx.select({ id: draws.id }).from(draws).where(eq(draws.id, drawId)).for('update');
  if (!d) throw notFound('抽奖活动不存在');
  const where: SQL[] = [eq(drawPrizes.drawId, drawId)];
  if (exceptPrize) where.push(ne(drawPrizes.id, exceptPrize));
  const [s] = await tx
    .select({ n: sql<number>`coalesce(sum(${drawPrizes.odds}), 0)::int` })
    .from(drawPrizes)
    .where(and(...where));
  const others = s?.n ?? 0;
  if (others + odds > DRAW_ODDS_BASE)
    throw invalid('odds', `各奖品中奖概率之和不能超过${DRAW_ODDS_BASE}（其他奖品已占${others}）`);
}

export async function createPrize(db: Db, drawId: number, v: DrawPrizeInput): Promise<PrizeRow> {
  await checkCoupon(db, v);
  return db.transaction(async (tx) => {
    await checkOdds(tx, drawId, v.odds);
    const [row] = await tx
      .insert(drawPrizes)
      .values({ drawId, ...prizeValues(v) })
      .returning();
    return row!;
  });
}

/** Changes a prize; its stock may not go below what was already awarded. */
export async function updatePrize(
  db: Db,
  id: number,
  v: DrawPrizeInput,
): Promise<{ before: PrizeRow; after: PrizeRow }> {
  await checkCoupon(db, v);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(drawPrizes).where(eq(drawPrizes.id, id));
    if (!before) throw notFound('奖品不存在');
    await checkOdds(tx, before.drawId, v.odds, id);
    const [locked] = await tx.select().from(drawPrizes).where(eq(drawPrizes.id, id)).for('update');
    if (v.kind !== 'none' && v.stock < locked!.awarded)
      throw invalid('stock', `库存不能少于已发出的${locked!.awarded}件`);
    if (locked!.awarded > 0 && v.kind !== locked!.kind) throw invalid('kind', '奖品已有人抽中，不能修改类型');
    const [after] = await tx.update(drawPrizes).set(prizeValues(v)).where(eq(drawPrizes.id, id)).returning();
    return { before: locked!, after: after! };
  });
}

/** Deletes a prize nobody has won yet. */
export async function deletePrize(db: Db, id: number): Promise<PrizeRow> {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(drawPrizes).where(eq(drawPrizes.id, id)).for('update');
    if (!p) throw notFound('奖品不存在');
    if (p.awarded > 0) throw business('该奖品已有人抽中，不能删除，可将概率改为0');
    await tx.delete(drawPrizes).where(eq(drawPrizes.id, id));
    return p;
  });
}

/** `GET /api/admin/draws/:id/records`: who drew what, newest first, by prize and shipping state. */
export async function drawRecordsForOperator(
  db: Queryable,
  drawId: number,
  q: PageQuery & { prize_id?: number; fulfilment?: 'pending' | 'shipped'; won?: number },
): Promise<Paginated<AdminDrawRecordRow>> {
  const where: SQL[] = [eq(drawRecords.drawId, drawId)];
  if (q.prize_id) where.push(eq(drawRecords.prizeId, q.prize_id));
  if (q.fulfilment) where.push(eq(drawRecords.fulfilment, q.fulfilment));
  if (q.won === 1) where.push(ne(drawRecords.prizeKind, 'none'));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: drawRecords, username: members.username, company: members.company })
      .from(drawRecords)
      .innerJoin(members, eq(members.id, drawRecords.memberId))
      .where(cond)
      .orderBy(desc(drawRecords.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(drawRecords).where(cond),
  ]);
  const list = rows.map(({ r, username, company }) => ({
    id: r.id,
    member_id: r.memberId,
    member_name: username,
    company,
    prize_id: r.prizeId,
    prize_name: r.prizeName,
    prize_kind: r.prizeKind as DrawPrizeKind,
    prize_kind_text: DRAW_PRIZE_KIND_TEXT[r.prizeKind as DrawPrizeKind] ?? '',
    fulfilment: r.fulfilment,
    fulfilment_text: DRAW_FULFILMENT_TEXT[r.fulfilment] ?? '',
    created_at: chinaDateTime(r.createdAt),
  }));
  return paginate(list, total?.n ?? 0, q);
}

/** Marks a goods prize shipped (once: pending → shipped). */
export async function shipDrawPrize(
  db: Queryable,
  recordId: number,
): Promise<{ drawId: number; prizeName: string }> {
  const [r] = await db
    .update(drawRecords)
    .set({ fulfilment: 'shipped' })
    .where(and(eq(drawRecords.id, recordId), eq(drawRecords.fulfilment, 'pending')))
    .returning({ drawId: drawRecords.drawId, prizeName: drawRecords.prizeName });
  if (r) return r;
  const [exists] = await db
    .select({ f: drawRecords.fulfilment })
    .from(drawRecords)
    .where(eq(drawRecords.id, recordId));
  if (!exists) throw notFound('抽奖记录不存在');
  throw business(exists.f === 'shipped' ? '该奖品已发货' : '该记录不是待发货的实物奖品');
}

/** The coupon templates a coupon prize may name (newest first, still valid). */
export async function couponOptions(db: Queryable, now: Date): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: couponTemplates.id, name: couponTemplates.name })
    .from(couponTemplates)
    .where(sql`${couponTemplates.validTo} > ${now.toISOString()}::timestamptz`)
    .orderBy(desc(couponTemplates.id))
    .limit(200);
}
