/** The warehouse's pick list (拣货单) of one or several orders: what to take from which batch. */
import { sql } from 'drizzle-orm';
import { chinaDateTime, ORDER_STATUS_TEXT, type OrderStatus } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { AddressSnapshot } from './schema.js';

export interface PickLot {
  batch_no: string;
  produced_on: string;
  expires_on: string;
  number: number;
}
export interface PickLine {
  warehouse: string;
  name: string;
  ypgg: string;
  sccj: string;
  bzdw: string;
  approval_no: string;
  number: number;
  is_gift: boolean;
  lots: PickLot[];
}
export interface PickOrder {
  id: number;
  order_no: string;
  status_text: string;
  company: string;
  address: AddressSnapshot;
  remark: string;
  paid_at: string;
  allocated: boolean;
  lines: PickLine[];
}
/** One row of the batch summary: a goods' batch over all the orders, by warehouse. */
export interface PickTotal {
  warehouse: string;
  name: string;
  ypgg: string;
  sccj: string;
  bzdw: string;
  batch_no: string;
  expires_on: string;
  number: number;
  orders: number;
}

type Row = {
  id: number;
  order_no: string;
  status: OrderStatus;
  company: string;
  address: AddressSnapshot;
  remark: string;
  paid_at: string | null;
  allocated_at: string | null;
  lines: PickLine[];
};

/** The orders in the order asked (404 naming the first unknown id), lines by warehouse then goods. */
export async function pickList(db: Queryable, ids: readonly number[]): Promise<PickOrder[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select o.id, o.order_no, o.status, m.company, o.address, o.remark, o.paid_at, o.allocated_at,
        coalesce((select json_agg(json_build_object('warehouse', l.warehouse, 'name', l.name, 'ypgg', l.ypgg,
          'sccj', l.sccj, 'bzdw', l.bzdw, 'approval_no', l.approval_no, 'number', l.number, 'is_gift', l.is_gift,
          'lots', coalesce((select json_agg(json_build_object('batch_no', x.batch_no, 'produced_on', x.produced_on,
            'expires_on', x.expires_on, 'number', x.number) order by x.expires_on, x.id)
            from order_line_lots x where x.order_line_id = l.id), '[]'::json))
          order by l.warehouse, l.name, l.id) from order_lines l where l.order_id = o.id), '[]'::json) as lines
      from orders o join members m on m.id = o.member_id
      where o.id = any(${sql.param([...ids])}::int[])`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw notFound(`订单${id}不存在`);
    return {
      id: r.id,
      order_no: r.order_no,
      status_text: ORDER_STATUS_TEXT[r.status],
      company: r.company,
      address: r.address,
      remark: r.remark,
      paid_at: chinaDateTime(r.paid_at),
      allocated: r.allocated_at !== null,
      lines: r.lines,
    };
  });
}

/** Sums the orders' lots per warehouse, goods and batch (the picker walks the shelves once). */
export function pickTotals(orders: readonly PickOrder[]): PickTotal[] {
  const out = new Map<string, PickTotal & { seen: Set<number> }>();
  for (const o of orders)
    for (const l of o.lines)
      for (const lot of l.lots) {
        const key = [l.warehouse, l.name, l.ypgg, l.sccj, lot.batch_no].join('\u0000');
        const t = out.get(key) ?? {
          warehouse: l.warehouse,
          name: l.name,
          ypgg: l.ypgg,
          sccj: l.sccj,
          bzdw: l.bzdw,
          batch_no: lot.batch_no,
          expires_on: lot.expires_on,
          number: 0,
          orders: 0,
          seen: new Set<number>(),
        };
        t.number += lot.number;
        t.seen.add(o.id);
        t.orders = t.seen.size;
        out.set(key, t);
      }
  return [...out.values()]
    .map(({ seen: _seen, ...t }) => t)
    .sort((a, b) =>
      [a.warehouse, a.name, a.expires_on]
        .join('|')
        .localeCompare([b.warehouse, b.name, b.expires_on].join('|')),
    );
}
