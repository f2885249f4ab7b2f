import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { resultRows } from '../menus.js';
import type { Queryable } from '../../../platform/db.js';

/**
 * Text arrays (search terms, zones, images) travel as one text a row, joined by the unit
 * separator, and are split by `string_to_array` in the statement. bulk.ts sends them as JSON,
 * which node-postgres then escapes character by character: for 5,000 goods of ~60 search terms
 * that was a fifth of an import's JavaScript time and most of its garbage. Import cells never
 * hold the separator (sheet.ts drops control characters).
 */
const SEP = '\u001f';

interface Column {
  name: string;
  getSQLType(): string;
}

/** One column's array parameter and the expression that reads element `alias` of it. */
function columnParam(col: Column, values: unknown[], alias: SQL): { param: SQL; expr: SQL } {
  const type = col.getSQLType();
  if (type === 'jsonb')
    return {
      param: sql`${sql.param(values.map((v) => JSON.stringify(v)))}::text[]`,
      expr: sql`${alias}::jsonb`,
    };
  if (type === 'text[]')
    return {
      param: sql`${sql.param(values.map((v) => (v as string[]).join(SEP)))}::text[]`,
      expr: sql`string_to_array(${alias}, ${SEP})`,
    };
  if (type.endsWith('[]')) throw new Error(`bulk rows: ${type} is not supported`);
  return { param: sql`${sql.param(values)}::${sql.raw(type)}[]`, expr: alias };
}

/**
 * Inserts many rows with one array parameter per column (as bulk.ts insertByColumns), returning
 * the new ids in input order. Rows must all carry the same keys (the table's property names).
 */
export async function insertRows(
  db: Queryable,
  table: PgTable,
  rows: Record<string, unknown>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(rows[0]!);
  const names: SQL[] = [];
  const params: SQL[] = [];
  const exprs: SQL[] = [];
  keys.forEach((key, i) => {
    const col = columns[key];
    if (!col) throw new Error(`insertRows: ${key} is not a column`);
    const { param, expr } = columnParam(
      col,
      rows.map((r) => r[key] ?? null),
      sql.raw(`u.c${i}`),
    );
    names.push(sql`${sql.identifier(col.name)}`);
    params.push(param);
    exprs.push(expr);
  });
  const aliases = sql.raw([...keys.map((_, i) => `c${i}`), 'ord'].join(', '));
  const res = await db.execute(sql`
    insert into ${table} (${sql.join(names, sql`, `)})
    select ${sql.join(exprs, sql`, `)}
    from unnest(${sql.join(params, sql`, `)}) with ordinality as u(${aliases})
    order by u.ord
    returning id`);
  return resultRows<{ id: number }>(res).map((r) => Number(r.id));
}

/**
 * Updates many rows by id with one array parameter per column (`update … from unnest(…)`),
 * the counterpart of insertRows: a batch is one statement. Rows must
 * all carry `id` and the same other keys (the table's TypeScript property names); `extra`
 * adds fixed assignments (`updated_at = now()`).
 */
export async function updateByColumns(
  db: Queryable,
  table: PgTable,
  rows: ({ id: number } & Record<string, unknown>)[],
  extra: SQL[] = [],
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(rows[0]!).filter((k) => k !== 'id');
  const params: SQL[] = [sql`${sql.param(rows.map((r) => r.id))}::int[]`];
  const sets: SQL[] = [];
  keys.forEach((key, i) => {
    const col = columns[key];
    if (!col) throw new Error(`updateByColumns: ${key} is not a column`);
    const { param, expr } = columnParam(
      col,
      rows.map((r) => r[key] ?? null),
      sql.raw(`u.c${i}`),
    );
    params.push(param);
    sets.push(sql`${sql.identifier(col.name)} = ${expr}`);
  });
  const aliases = sql.raw(['id', ...keys.map((_, i) => `c${i}`)].join(', '));
  await db.execute(sql`
    update ${table} t set ${sql.join([...sets, ...extra], sql`, `)}
    from unnest(${sql.join(params, sql`, `)}) as u(${aliases})
    where t.id = u.id`);
  return rows.length;
}
