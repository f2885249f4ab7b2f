import { sql } from 'drizzle-orm';
import type { FieldKind } from './hostile-schema.js';
import { rowsOf, type Db } from '../platform/db.js';

// The hostile values of the walker (hostile-inputs.test.ts) and its proof that a refused
// request wrote nothing.

const LONG = 'x'.repeat(100_000);
const NESTED = { b: { c: { d: { e: { f: '1' } } } } };
const NUMBERS: unknown[] = [2 ** 31, 2 ** 53 + 1, 1e308, -1, 0, 1.5, 'NaN', '1e400'];
const TEXTS: unknown[] = [LONG, 'a\u0000b', '2026-02-30', '9999-99-99', '0000-00-00'];

/** The hostile values tried on a field of a kind: one request each. */
export function hostileValues(kind: FieldKind): unknown[] {
  const shapes: unknown[] = [['1', '2'], { a: '1' }, NESTED];
  if (kind === 'number') return [...NUMBERS, ...shapes];
  if (kind === 'string') return [...TEXTS, ...shapes];
  if (kind === 'choice') return [LONG, 2 ** 31, ...shapes];
  if (kind === 'array') return [{ a: '1' }, LONG, [2 ** 31], NESTED];
  if (kind === 'object') return ['1', ['1'], NESTED];
  return [...NUMBERS, ...TEXTS, ...shapes];
}

/** Hostile path segments for a `:param`. */
export const HOSTILE_PATH_VALUES = [
  '2147483648',
  '9007199254740993',
  '1e308',
  '-1',
  '0',
  '1.5',
  'NaN',
  '1e400',
  'x'.repeat(5_000),
  'a%00b',
  '2026-02-30',
] as const;

/**
 * Tables a refused request writes by design: limit counters, failed logins, a wrong SMS
 * code's attempt count, the record of a refused payment notification, and the operator audit
 * log (every operator write is logged, refused ones included: who tried what is the point).
 */
export const REFUSALS_RECORDED = new Set([
  'operator_audit',
  'rate_limits',
  'login_failures',
  'sms_codes',
  'payment_notifications',
]);

/** Row count and an order-free hash of the rows of every table (`REFUSALS_RECORDED` aside). */
export async function checksums(db: Db): Promise<Map<string, string>> {
  const tables = rowsOf<{ t: string }>(
    await db.execute(sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`),
  )
    .map((r) => r.t)
    .filter((t) => !REFUSALS_RECORDED.has(t));
  const parts = tables.map(
    (t) =>
      sql`select ${t} as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from ${sql.identifier(t)} x`,
  );
  const rows = rowsOf<{ t: string; h: string }>(await db.execute(sql.join(parts, sql` union all `)));
  return new Map(rows.map((r) => [r.t, r.h]));
}

/**
 * The next transaction id: it moves only when a transaction writes, so an unchanged value
 * proves nothing was written without reading every table.
 */
export async function nextXid(db: Db): Promise<string> {
  const [row] = rowsOf<{ x: string }>(
    await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`),
  );
  return row!.x;
}

/** The tables whose checksum differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);
}
