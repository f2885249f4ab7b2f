import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import {
  chinaDateTime,
  DRAW_FULFILMENT_TEXT,
  DRAW_NO_PRIZE_NAME,
  DRAW_ODDS_BASE,
  DRAW_PRIZE_KIND_TEXT,
  drawStatus,
  maskName,
  paginate,
  prizeIndexFor,
  type Ad,
  type DrawDetailView,
  type DrawPrizeKind,
  type DrawRecordView,
  type DrawSimpleView,
  type DrawWinnerView,
  type PageQuery,
  type Paginated,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { members } from '../account/schema.js';
import { couponTemplates, drawPrizes, drawRecords, draws, memberCoupons } from './schema.js';

type DrawRow = typeof draws.$inferSelect;
export type DrawPrizeRow = typeof drawPrizes.$inferSelect;

const DAY_MS = 86_400_000;

function simpleView(d: DrawRow, joined: boolean): DrawSimpleView {
  return {
    id: d.id,
    name: d.name,
    image: d.image,
    description: d.description,
    start_time: chinaDateTime(d.startsAt),
    end_time: chinaDateTime(d.endsAt),
    is_join: joined ? 1 : 0,
  };
}

const running = (now: Date) => and(eq(draws.enabled, true), lte(draws.startsAt, now), gt(draws.endsAt, now));

async function hasJoined(db: Queryable, drawId: number, memberId: number | null): Promise<boolean> {
  if (memberId === null) return false;
  const [r] = await db
    .select({ id: drawRecords.id })
    .from(drawRecords)
    .where(and(eq(drawRecords.drawId, drawId), eq(drawRecords.memberId, memberId)));
  return !!r;
}

/** The draws running at `now`, the one ending first first. */
async function runningDraws(db: Queryable, now: Date, limit: number): Promise<DrawRow[]> {
  return db.select().from(draws).where(running(now)).orderBy(asc(draws.endsAt), asc(draws.id)).limit(limit);
}

/**
 * `GET /api/draw/simple`: the draw the pop-up offers (the running one ending first) with
 * whether this member has drawn; null when none runs.
 */
export async function simpleDraw(
  db: Queryable,
  memberId: number | null,
  now: Date,
): Promise<DrawSimpleView | null> {
  const [d] = await runningDraws(db, now, 1);
  if (!d) return null;
  return simpleView(d, await hasJoined(db, d.id, memberId));
}

/** `GET /api/draw?id=`: a draw with its prizes as buyers see them (no odds, no stock). */
export async function drawDetail(
  db: Queryable,
  id: number,
  memberId: number | null,
  now: Date,
): Promise<DrawDetailView> {
  const [d] = await db.select().from(draws).where(eq(draws.id, id));
  if (!d) throw notFound('抽奖活动不存在');
  const prizes = await db
    .select()
    .from(drawPrizes)
    .where(eq(drawPrizes.drawId, id))
    .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
  return {
    ...simpleView(d, await hasJoined(db, id, memberId)),
    status: drawStatus(d, now),
    prizes: prizes
      .filter((p) => p.kind !== 'none')
      .map((p) => ({
        id: p.id,
        name: p.name,
        kind: p.kind as DrawPrizeKind,
        kind_text: DRAW_PRIZE_KIND_TEXT[p.kind as DrawPrizeKind] ?? '',
        image: p.image,
      })),
  };
}

/** `GET /api/draw/new_record?id=`: the latest 20 winners (prizes, not 谢谢参与), names masked. */
export async function recentWinners(db: Queryable, drawId: number): Promise<DrawWinnerView[]> {
  const rows = await db
    .select({
      company: members.company,
      username: members.username,
      prize: drawRecords.prizeName,
      at: drawRecords.createdAt,
    })
    .from(drawRecords)
    .innerJoin(members, eq(members.id, drawRecords.memberId))
    .where(and(eq(drawRecords.drawId, drawId), ne(drawRecords.prizeKind, 'none')))
    .orderBy(desc(drawRecords.id))
    .limit(20);
  return rows.map((r) => ({
    name: maskName(r.company || r.username),
    prize_name: r.prize,
    created_at: chinaDateTime(r.at),
  }));
}

/** `GET /api/draw/record`: the member's own draws, newest first. */
export async function myDrawRecords(
  db: Queryable,
  memberId: number,
  q: PageQuery,
): Promise<Paginated<DrawRecordView>> {
  const cond = eq(drawRecords.memberId, memberId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: drawRecords, drawName: draws.name })
      .from(drawRecords)
      .innerJoin(draws, eq(draws.id, drawRecords.drawId))
      .where(cond)
      .orderBy(desc(drawRecords.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(drawRecords).where(cond),
  ]);
  const list = rows.map(({ r, drawName }) => ({
    id: r.id,
    draw_id: r.drawId,
    draw_name: drawName,
    prize_name: r.prizeName,
    prize_kind: r.prizeKind as DrawPrizeKind,
    fulfilment: r.fulfilment,
    fulfilment_text: DRAW_FULFILMENT_TEXT[r.fulfilment] ?? '',
    created_at: chinaDateTime(r.createdAt),
  }));
  return paginate(list, total?.n ?? 0, q);
}

/**
 * `GET /api/draw/ads`: the pop-up's banners are the running draws' own images (an operator
 * sets them on the draw form), in the shape every ad call answers with. No content ad
 * position is spent on it: the draw already carries its picture and its window.
 */
export async function drawAds(db: Queryable, now: Date): Promise<Ad[]> {
  const rows = await db
    .select()
    .from(draws)
    .where(and(running(now), ne(draws.image, '')))
    .orderBy(asc(draws.endsAt), asc(draws.id))
    .limit(5);
  return rows.map((d) => ({ id: d.id, url: '', image: d.image, title: d.name }));
}

// ——— the draw's steps (flows/draw composes them with the wallet in one transaction) ———

/**
 * Step 1: the member takes their one place in a running draw. The record row is inserted
 * first: the unique (draw_id, member_id) index makes a second attempt of the same member wait
 * for the first transaction and then find the place taken (`on conflict do nothing`).
 */
export async function takeDrawPlace(
  tx: Queryable,
  drawId: number,
  memberId: number,
  now: Date,
): Promise<{ recordId: number; prizes: DrawPrizeRow[] }> {
  const [d] = await tx.select().from(draws).where(eq(draws.id, drawId));
  if (!d) throw notFound('抽奖活动不存在');
  const status = drawStatus(d, now);
  if (status === 'not_started') throw business('活动未开始');
  if (status !== 'running') throw business('活动已结束');
  const [rec] = await tx
    .insert(drawRecords)
    .values({ drawId, memberId, prizeName: '', prizeKind: 'none', createdAt: now })
    .onConflictDoNothing()
    .returning({ id: drawRecords.id });
  if (!rec) throw business('您已参与过本次抽奖，请到个人中心查看抽奖记录');
  const prizes = await tx
    .select()
    .from(drawPrizes)
    .where(eq(drawPrizes.drawId, drawId))
    .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
  return { recordId: rec.id, prizes };
}

/**
 * Step 2: the roll (crypto.randomInt, uniform in [0, 10,000)) picks a prize by its odds; a
 * prize with stock is taken by a conditional update that locks its row, so racing winners
 * queue on it and the last unit goes once. A roll past every prize, or on one that ran out,
 * draws the draw's 'none' prize (谢谢参与). Returns the prize awarded, or null for nothing.
 */
export async function rollPrize(
  tx: Queryable,
  prizes: readonly DrawPrizeRow[],
  roll: number = crypto.randomInt(DRAW_ODDS_BASE),
): Promise<DrawPrizeRow | null> {
  const hit =
    prizes[
      prizeIndexFor(
        prizes.map((p) => p.odds),
        roll,
      )
    ];
  if (hit && hit.kind !== 'none') {
    const [taken] = await tx
      .update(drawPrizes)
      .set({ awarded: sql`${drawPrizes.awarded} + 1` })
      .where(and(eq(drawPrizes.id, hit.id), sql`${drawPrizes.awarded} < ${drawPrizes.stock}`))
      .returning();
    if (taken) return taken;
  }
  const none = hit?.kind === 'none' ? hit : prizes.find((p) => p.kind === 'none');
  if (!none) return null;
  await tx
    .update(drawPrizes)
    .set({ awarded: sql`${drawPrizes.awarded} + 1` })
    .where(eq(drawPrizes.id, none.id));
  return none;
}

/** Step 3 (coupon prizes): the member's coupon, source 'draw', its end set when the template counts days. */
export async function grantDrawCoupon(
  tx: Queryable,
  memberId: number,
  templateId: number,
  now: Date,
): Promise<void> {
  const [t] = await tx
    .select({ validDays: couponTemplates.validDays, validTo: couponTemplates.validTo })
    .from(couponTemplates)
    .where(eq(couponTemplates.id, templateId));
  if (!t) throw notFound('奖品优惠券不存在');
  await tx.insert(memberCoupons).values({
    memberId,
    templateId,
    source: 'draw',
    // N days from the win, never past the template's own end (as a claim counts them).
    expiresAt:
      t.validDays > 0 ? new Date(Math.min(now.getTime() + t.validDays * DAY_MS, t.validTo.getTime())) : null,
    createdAt: now,
  });
}

/** Step 4: the record names the prize (a goods prize waits to be shipped). */
export async function settleDrawRecord(
  tx: Queryable,
  recordId: number,
  prize: DrawPrizeRow | null,
): Promise<void> {
  await tx
    .update(drawRecords)
    .set({
      prizeId: prize?.id ?? null,
      prizeName: prize?.name ?? DRAW_NO_PRIZE_NAME,
      prizeKind: prize?.kind ?? 'none',
      fulfilment: prize?.kind === 'goods' ? 'pending' : '',
    })
    .where(eq(drawRecords.id, recordId));
}
