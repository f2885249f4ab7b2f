import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db.js';

/** Units to add to a member's line (created when absent). */
export interface LineDelta {
  kind: number;
  itemId: number;
  number: number;
  shownPrice: number;
}

/**
 * Adds quantities to a member's lines in one statement (unnest + ON CONFLICT DO UPDATE): an
 * existing line is locked, its quantity increased and selected again; a new one is inserted.
 * Returns the merged quantities.
 */
export async function upsertLines(
  db: Queryable,
  memberId: number,
  deltas: readonly LineDelta[],
  now: Date,
): Promise<{ id: number; kind: number; itemId: number; number: number }[]> {
  if (deltas.length === 0) return [];
  const res = await db.execute(sql`
    insert into cart_lines (member_id, kind, item_id, number, shown_price, is_selected, created_at, updated_at)
    select ${memberId}, u.kind, u.item_id, u.number, u.shown_price, true, ${now}, ${now}
    from unnest(${sql.param(deltas.map((d) => d.kind))}::int[], ${sql.param(deltas.map((d) => d.itemId))}::int[],
                ${sql.param(deltas.map((d) => d.number))}::int[], ${sql.param(deltas.map((d) => d.shownPrice))}::int[])
      as u(kind, item_id, number, shown_price)
    on conflict (member_id, kind, item_id) do update
      set number = cart_lines.number + excluded.number, shown_price = excluded.shown_price,
          is_selected = true, updated_at = excluded.updated_at
    returning id, kind, item_id, number`);
  return rowsOf<{ id: number; kind: number; item_id: number; number: number }>(res).map((r) => ({
    id: Number(r.id),
    kind: Number(r.kind),
    itemId: Number(r.item_id),
    number: Number(r.number),
  }));
}
