/**
 * Lot allocation by the warehouse (分配批号): an order drew its units earliest expiry first
 * (FEFO) when placed; before shipping the warehouse confirms those lots or moves a line's units
 * to other lots of the same goods, with a reason. Units move through the catalogue's stock
 * functions under its goods locks, so lot and goods stock stay equal to the sum of the lots.
 */
import { sql } from 'drizzle-orm';
import {
  allocateLots,
  chinaDate,
  ORDER_STATUS_TEXT,
  shelfCutoff,
  splitDraws,
  type AllocateOrderInput,
  type AllocationLotView,
  type AllocationView,
  type AvailableLot,
  type LotDraw,
  type OrderStatus,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { business, invalid, notFound } from '../../platform/errors.js';
import { shelfMonthsOf } from '../account/pay-security.js';
import { availableLots, lockGoods, moveStock } from '../catalog/service.js';
import { allocationState } from './admin-detail.js';
import { lockOrder } from './lifecycle.js';
import { addEvent } from './write.js';

type Line = {
  id: number;
  goods_id: number;
  name: string;
  ypgg: string;
  sccj: string;
  bzdw: string;
  number: number;
};
type Held = LotDraw & { lineId: number };

async function orderLines(db: Queryable, orderId: number): Promise<Line[]> {
  return rowsOf<Line>(
    await db.execute(sql`select id, goods_id, name, ypgg, sccj, bzdw, number from order_lines
      where order_id = ${orderId} order by id`),
  );
}

async function heldDraws(db: Queryable, orderId: number): Promise<Held[]> {
  return rowsOf<Held>(
    await db.execute(sql`
      select order_line_id as "lineId", lot_id as "lotId", goods_id as "goodsId", batch_no as "batchNo",
        expires_on::text as "expiresOn", produced_on::text as "producedOn", number
      from order_line_lots where order_id = ${orderId} order by order_line_id, expires_on, id`),
  );
}

const lotView = (d: LotDraw): AllocationLotView => ({
  lot_id: d.lotId,
  batch_no: d.batchNo,
  produced_on: d.producedOn,
  expires_on: d.expiresOn,
  number: d.number,
});

/**
 * The lots each goods could give this order: the free units of its lots plus the units the
 * order's `released` lines hold in them (an order may take back what it holds).
 */
function poolOf(free: readonly AvailableLot[], held: readonly Held[], released: (lineId: number) => boolean) {
  const pool = new Map<number, AvailableLot>(free.map((l) => [l.id, { ...l }]));
  for (const h of held) {
    if (!released(h.lineId)) continue;
    const l = pool.get(h.lotId) ?? {
      id: h.lotId,
      goodsId: h.goodsId,
      batchNo: h.batchNo,
      expiresOn: h.expiresOn,
      producedOn: h.producedOn,
      quantity: 0,
    };
    l.quantity += h.number;
    pool.set(h.lotId, l);
  }
  return pool;
}

/**
 * The buyer's shelf-life floor (months, 0 = none) and its cutoff: under a floor, lots must
 * expire after the cutoff (decision 064), as at placement.
 */
async function floorOf(db: Queryable, memberId: number, today: string) {
  const months = await shelfMonthsOf(db, memberId);
  return { months, cutoff: shelfCutoff(today, months) };
}

/**
 * The FEFO proposal for every line over the pool, lines of one goods served in line order;
 * only lots expiring after `cutoff` (today, or the buyer's shelf-life floor) are drawn.
 */
function fefoProposal(lines: readonly Line[], pool: ReadonlyMap<number, AvailableLot>, cutoff: string) {
  const out = new Map<number, LotDraw[]>();
  const byGoods = new Map<number, Line[]>();
  for (const l of lines) byGoods.set(l.goods_id, [...(byGoods.get(l.goods_id) ?? []), l]);
  for (const [goodsId, ls] of byGoods) {
    const lots = [...pool.values()].filter((l) => l.goodsId === goodsId);
    const draws = allocateLots(
      lots,
      ls.reduce((s, l) => s + l.number, 0),
      cutoff,
    );
    const split = draws
      ? splitDraws(
          draws,
          ls.map((l) => l.number),
        )
      : ls.map(() => []);
    ls.forEach((l, i) => out.set(l.id, split[i]!));
  }
  return out;
}

/** The same lots and units, in any order. */
function sameDraws(
  a: readonly { lotId: number; number: number }[],
  b: readonly { lotId: number; number: number }[],
) {
  const key = (x: readonly { lotId: number; number: number }[]) => {
    const m = new Map<number, number>();
    for (const d of x) m.set(d.lotId, (m.get(d.lotId) ?? 0) + d.number);
    return [...m].sort((p, q) => p[0] - q[0]).join(';');
  };
  return key(a) === key(b);
}

/** `GET /api/admin/orders/{id}/allocation`: per line the lots it holds, the FEFO proposal and every usable lot. */
export async function allocationView(db: Queryable, orderId: number, now: Date): Promise<AllocationView> {
  const [o] = rowsOf<{ order_no: string; status: OrderStatus; member_id: number }>(
    await db.execute(sql`select order_no, status, member_id from orders where id = ${orderId}`),
  );
  if (!o) throw notFound('订单不存在');
  const [lines, held, state] = await Promise.all([
    orderLines(db, orderId),
    heldDraws(db, orderId),
    allocationState(db, orderId),
  ]);
  const today = chinaDate(now);
  const [free, floor] = await Promise.all([
    availableLots(db, [...new Set(lines.map((l) => l.goods_id))]),
    floorOf(db, o.member_id, today),
  ]);
  const pool = poolOf(free, held, () => true);
  const fefo = fefoProposal(lines, pool, floor.cutoff);
  return {
    order_id: orderId,
    order_no: o.order_no,
    status: o.status,
    editable: o.status === 1 ? 1 : 0,
    shelf_months: floor.months,
    ...state.view,
    lines: lines.map((l) => ({
      line_id: l.id,
      goods_id: l.goods_id,
      name: l.name,
      ypgg: l.ypgg,
      sccj: l.sccj,
      bzdw: l.bzdw,
      number: l.number,
      current: held.filter((h) => h.lineId === l.id).map(lotView),
      fefo: (fefo.get(l.id) ?? []).map(lotView),
      lots: [...pool.values()]
        .filter((p) => p.goodsId === l.goods_id)
        .sort((a, b) => (a.expiresOn === b.expiresOn ? a.id - b.id : a.expiresOn < b.expiresOn ? -1 : 1))
        .map((p) => ({
          lot_id: p.id,
          batch_no: p.batchNo,
          produced_on: p.producedOn,
          expires_on: p.expiresOn,
          quantity: p.quantity,
          expired: p.expiresOn <= today ? 1 : 0,
          below_floor: floor.months > 0 && p.expiresOn > today && p.expiresOn <= floor.cutoff ? 1 : 0,
        })),
    })),
  };
}

const drawsText = (ds: readonly LotDraw[]) => ds.map((d) => `${d.batchNo}×${d.number}`).join('、');

export interface AllocationResult {
  changed: boolean;
  before: { line_id: number; lots: string }[];
  after: { line_id: number; lots: string }[];
}

/** Confirms the lots of an order (pass `lines` = what it holds) or moves them; one transaction. */
export async function allocateOrder(
  db: Db,
  orderId: number,
  input: AllocateOrderInput,
  operatorId: number,
  now: Date,
): Promise<AllocationResult> {
  return db.transaction((tx) => allocateLocked(tx, orderId, input, operatorId, now));
}

async function allocateLocked(
  tx: Tx,
  orderId: number,
  input: AllocateOrderInput,
  operatorId: number,
  now: Date,
): Promise<AllocationResult> {
  const o = await lockOrder(tx, orderId);
  if (o.status !== 1) throw business(`订单${ORDER_STATUS_TEXT[o.status]}，不能分配批号`);
  const lines = await orderLines(tx, o.id);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const asked = new Map<number, Line>();
  for (const r of input.lines) {
    const l = byId.get(r.line_id);
    if (!l) throw business('所选商品不属于该订单');
    if (asked.has(l.id)) throw business(`${l.name}重复分配`);
    const sum = r.lots.reduce((s, x) => s + x.number, 0);
    if (sum !== l.number)
      throw business(`${l.name}分配数量合计应为${l.number}${l.bzdw}，现为${sum}${l.bzdw}`);
    asked.set(l.id, l);
  }
  await lockGoods(
    tx,
    [...new Set([...asked.values()].map((l) => l.goods_id))].sort((a, b) => a - b),
  );
  const held = await heldDraws(tx, o.id);
  const today = chinaDate(now);
  const floor = await floorOf(tx, o.memberId, today);
  const sameGoods = lines.filter((l) => [...asked.values()].some((a) => a.goods_id === l.goods_id));
  const free = await availableLots(tx, [...new Set(sameGoods.map((l) => l.goods_id))]);
  // What the asked lines may take: free units and their own; FEFO over the order's whole holding.
  const pool = poolOf(free, held, (lineId) => asked.has(lineId));
  const fefo = fefoProposal(
    sameGoods,
    poolOf(free, held, () => true),
    floor.cutoff,
  );

  const left = new Map([...pool].map(([id, l]) => [id, l.quantity]));
  let changed = false;
  const plan = input.lines.map((r) => {
    const line = byId.get(r.line_id)!;
    const draws: LotDraw[] = r.lots.map((x) => {
      const lot = pool.get(x.lot_id);
      if (!lot || lot.goodsId !== line.goods_id) throw business(`${line.name}：所选批号不存在或不属于该商品`);
      if (lot.expiresOn <= today) throw business(`${line.name}：批号${lot.batchNo}已过期，不能发货`);
      // Under the buyer's floor: no units newly drawn from a shorter lot (the line may keep
      // what it already holds there, e.g. when the floor was raised after placement).
      const kept = held
        .filter((h) => h.lineId === line.id && h.lotId === lot.id)
        .reduce((s, h) => s + h.number, 0);
      if (floor.months > 0 && lot.expiresOn <= floor.cutoff && x.number > kept)
        throw business(
          `${line.name}：批号${lot.batchNo}效期至${lot.expiresOn}，不足买家设置的${floor.months}个月效期要求，不能分配`,
        );
      const n = (left.get(lot.id) ?? 0) - x.number;
      if (n < 0)
        throw business(
          `${line.name}：批号${lot.batchNo}库存不足，最多可分配${left.get(lot.id) ?? 0}${line.bzdw}`,
        );
      left.set(lot.id, n);
      return {
        lotId: lot.id,
        goodsId: lot.goodsId,
        batchNo: lot.batchNo,
        expiresOn: lot.expiresOn,
        producedOn: lot.producedOn,
        number: x.number,
      };
    });
    const old = held.filter((h) => h.lineId === line.id);
    const moved = !sameDraws(old, draws);
    if (moved && !sameDraws(fefo.get(line.id) ?? [], draws)) changed = true;
    return { line, old, draws, moved };
  });
  if (changed && !input.reason) throw invalid('reason', '调整批号须填写原因');

  const moving = plan.filter((p) => p.moved);
  if (moving.length > 0) {
    // The stock ledger shows the units leaving one lot for another, both 'reallocate'.
    const note = { kind: 'reallocate' as const, ref: o.orderNo, operatorId, reason: input.reason };
    await moveStock(
      tx,
      moving.flatMap((p) => p.old),
      -1,
      note,
    );
    await moveStock(
      tx,
      moving.flatMap((p) => p.draws),
      1,
      note,
    );
    const ids = sql.param(moving.map((p) => p.line.id));
    await tx.execute(sql`delete from order_line_lots where order_line_id = any(${ids}::int[])`);
    const rows = moving.flatMap((p) => p.draws.map((d) => ({ d, lineId: p.line.id })));
    const col = <T>(f: (x: (typeof rows)[number]) => T) => sql.param(rows.map(f));
    await tx.execute(sql`
      insert into order_line_lots (order_id, order_line_id, goods_id, lot_id, batch_no, produced_on, expires_on, number)
      select ${o.id}, * from unnest(${col((x) => x.lineId)}::int[], ${col((x) => x.d.goodsId)}::int[],
        ${col((x) => x.d.lotId)}::int[], ${col((x) => x.d.batchNo)}::text[], ${col((x) => x.d.producedOn)}::date[],
        ${col((x) => x.d.expiresOn)}::date[], ${col((x) => x.d.number)}::int[])`);
  }
  await tx.execute(sql`update orders set allocated_at = ${now}, allocated_by = ${operatorId},
    allocation_note = ${input.reason || '按效期先出（FEFO）'}, updated_at = ${now} where id = ${o.id}`);
  const text =
    moving.length === 0
      ? '仓库已确认批号（按效期先出）'
      : `仓库调整批号${input.reason ? `（${input.reason}）` : ''}：` +
        moving.map((p) => `${p.line.name} ${drawsText(p.old)} → ${drawsText(p.draws)}`).join('；');
  await addEvent(tx, o.id, 'allocated', text, 'operator', now);
  return {
    changed: moving.length > 0,
    before: plan.map((p) => ({ line_id: p.line.id, lots: drawsText(p.old) })),
    after: plan.map((p) => ({ line_id: p.line.id, lots: drawsText(p.draws) })),
  };
}

/**
 * Shipping an order whose lots nobody confirmed confirms what it holds (the FEFO draws of its
 * placement); the caller holds the order's lock. Returns whether it did.
 */
export async function confirmAllocationOnShip(
  tx: Queryable,
  orderId: number,
  /** null: the command line (no operator account). */
  operatorId: number | null,
  now: Date,
) {
  const res = await tx.execute(sql`update orders set allocated_at = ${now}, allocated_by = ${operatorId},
      allocation_note = '发货时自动确认按效期先出（FEFO）批号', updated_at = ${now}
    where id = ${orderId} and allocated_at is null returning id`);
  return rowsOf(res).length > 0;
}
