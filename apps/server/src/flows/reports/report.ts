/**
 * The compliance records (GSP Art. 89–92, 含麻 rules) read orders, members, the catalogue and
 * the stock ledger together, so they are a flow. Everything here is READ-ONLY SQL: the records
 * are other modules' rows as they were written, and nothing in this folder writes or deletes.
 *
 * A report is one `from … where …` over its rows, ordered by a time and a unique id. The list
 * pages it with offset; the export walks it by keyset in batches of REPORT_BATCH, so memory
 * stays bounded whatever the range (docs/api/admin-reports.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  paginate,
  REPORT_BATCH,
  type PageQuery,
  type Paginated,
  type ReportColumn,
  type ReportName,
  type ReportRange,
} from '@kc/domain';
import { rowsOf, type Queryable, escapeLike } from '../../platform/db.js';

/** Every raw row carries its sort key: the time as text (exact to the microsecond) and the id. */
export interface KeyedRow {
  id: number;
  k_at: string;
}

export interface Report<Q, Raw extends KeyedRow, Row> {
  name: ReportName;
  columns: readonly ReportColumn<Row>[];
  /** The selected columns (without the sort key, which is added). */
  select: SQL;
  /** `from … where …`: the rows of `range` the query asks for. */
  source(q: Q, range: ReportRange): SQL;
  /** The time and the unique id the rows are ordered by. */
  at: SQL;
  id: SQL;
  /** `full`: the export's values (an ID number unmasked); else the list's. */
  view(raw: Raw, full: boolean): Row;
}

/** A LIKE pattern matching `s` anywhere, its wildcards taken literally. */
export function contains(s: string): string {
  return `%${escapeLike(s)}%`;
}

/** Joins conditions with `and`, skipping the absent ones. */
export function allOf(parts: (SQL | false | undefined)[]): SQL {
  return sql.join(
    parts.filter((p): p is SQL => !!p),
    sql` and `,
  );
}

function selectOf<Q, Raw extends KeyedRow, Row>(r: Report<Q, Raw, Row>, q: Q, range: ReportRange): SQL {
  return sql`select ${r.select}, ${r.at}::text as k_at ${r.source(q, range)}`;
}

/** The list call: one page (offset) and the total. */
export async function reportPage<Q, Raw extends KeyedRow, Row>(
  db: Queryable,
  r: Report<Q, Raw, Row>,
  q: Q,
  range: ReportRange,
  p: PageQuery,
): Promise<Paginated<Row>> {
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${r.source(q, range)}`));
  const rows = rowsOf<Raw>(
    await db.execute(sql`${selectOf(r, q, range)}
      order by ${r.at}, ${r.id} limit ${p.page_size} offset ${(p.page - 1) * p.page_size}`),
  );
  return paginate(
    rows.map((x) => r.view(x, false)),
    c?.n ?? 0,
    p,
  );
}

/** Every row of the report, REPORT_BATCH at a time, by keyset (no offset, no full load). */
export async function* reportBatches<Q, Raw extends KeyedRow, Row>(
  db: Queryable,
  r: Report<Q, Raw, Row>,
  q: Q,
  range: ReportRange,
  batch = REPORT_BATCH,
): AsyncGenerator<Row[]> {
  let after: KeyedRow | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`and (${r.at}, ${r.id}) > (${after.k_at}::timestamptz, ${after.id})`
      : undefined;
    const rows: Raw[] = rowsOf<Raw>(
      await db.execute(sql`${selectOf(r, q, range)} ${cursor ?? sql``}
        order by ${r.at}, ${r.id} limit ${batch}`),
    );
    if (rows.length > 0) yield rows.map((x) => r.view(x, true));
    if (rows.length < batch) return;
    const last: Raw = rows[rows.length - 1]!;
    after = { id: last.id, k_at: last.k_at };
  }
}
