import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db.js';
import { resultRows } from './menus.js';

/**
 * Inserts many rows with one array parameter per column (`insert … select … from unnest(…)`),
 * returning the new ids in input order. A multi-row VALUES list costs one bind parameter per
 * cell, and building and binding 45,000 of them made a 1,000-goods statement take over a
 * second on PGlite; unnest takes ~0.2 s for the same rows on both drivers.
 *
 * Rows must all carry the same keys (the table's TypeScript property names).
 */
export async function insertByColumns(
  db: Queryable,
  table: PgTable,
  rows: Record<string, unknown>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = Object.keys(rows[0]!);
  const names: SQL[] = [];
  const arrays: SQL[] = [];
  const exprs: SQL[] = [];
  keys.forEach((key, i) => {
    const col = columns[key];
    if (!col) throw new Error(`insertByColumns: ${key} is not a column`);
    const type = col.getSQLType();
    const alias = sql.raw(`c${i}`);
    const values = rows.map((r) => r[key] ?? null);
    names.push(sql`${sql.identifier(col.name)}`);
    if (type === 'jsonb' || type.endsWith('[]')) {
      // Nested values travel as JSON text; arrays of arrays do not survive unnest.
      arrays.push(sql`${sql.param(values.map((v) => JSON.stringify(v)))}::text[]`);
      exprs.push(
        type === 'jsonb'
          ? sql`u.${alias}::jsonb`
          : sql`array(select jsonb_array_elements_text(u.${alias}::jsonb))`,
      );
    } else {
      arrays.push(sql`${sql.param(values)}::${sql.raw(type)}[]`);
      exprs.push(sql`u.${alias}`);
    }
  });
  const aliases = sql.raw([...keys.map((_, i) => `c${i}`), 'ord'].join(', '));
  const res = await db.execute(sql`
    insert into ${table} (${sql.join(names, sql`, `)})
    select ${sql.join(exprs, sql`, `)}
    from unnest(${sql.join(arrays, sql`, `)}) with ordinality as u(${aliases})
    order by u.ord
    returning id`);
  return resultRows<{ id: number }>(res).map((r) => Number(r.id));
}
