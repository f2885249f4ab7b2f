/**
 * The licence-expiry board (`GET /api/admin/licences/expiring`): each member's documents in
 * force or awaiting review, the latest of each type only (a renewal hides the document it
 * replaces), by days left in China time.
 */
import { sql } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  bucketDays,
  chinaDate,
  paginate,
  LICENCE_ALERT_DAYS,
  type LicenceAlertItem,
  type LicenceAlertsView,
  type DocumentStatus,
  type DocumentType,
  type LicenceExpiringBoard,
  type LicenceExpiringQuery,
} from '@kc/domain';
import { rowsOf, type Queryable, escapeLike } from '../../platform/db.js';

interface BoardRow {
  document_id: number;
  member_id: number;
  username: string;
  company: string;
  phone: string;
  type: DocumentType;
  number: string;
  valid_to: string;
  status: DocumentStatus;
  days_left: number;
}

export async function licenceBoard(
  db: Queryable,
  q: LicenceExpiringQuery,
  now: Date,
): Promise<LicenceExpiringBoard> {
  const today = chinaDate(now);
  const kw = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  // Rejected documents and a member's superseded ones (same type, a later expiry) are not watched.
  const live = sql`select d.id as document_id, d.member_id, m.username, m.company, m.phone, d.type,
      d.number, to_char(d.valid_to, 'YYYY-MM-DD') as valid_to, d.status,
      (d.valid_to - ${today}::date)::int as days_left
    from qualification_documents d join members m on m.id = d.member_id
    where d.status <> 'rejected' and m.status <> 'draft'
      and not exists (select 1 from qualification_documents n
        where n.member_id = d.member_id and n.type = d.type and n.status <> 'rejected'
          and (n.valid_to, n.id) > (d.valid_to, d.id))
      ${kw ? sql`and (m.company ilike ${kw} or m.username ilike ${kw} or d.number ilike ${kw})` : sql``}`;
  const [c] = rowsOf<{ expired: number; d30: number; d60: number; d90: number }>(
    await db.execute(sql`select
        count(*) filter (where days_left < 0)::int as expired,
        count(*) filter (where days_left between 0 and 30)::int as d30,
        count(*) filter (where days_left between 0 and 60)::int as d60,
        count(*) filter (where days_left between 0 and 90)::int as d90
      from (${live}) l`),
  );
  const max = bucketDays(q.within);
  const inBucket = max < 0 ? sql`days_left < 0` : sql`days_left between 0 and ${max}`;
  const rows = rowsOf<BoardRow>(
    await db.execute(sql`select * from (${live}) l where ${inBucket}
      order by days_left, document_id
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const counts = c ?? { expired: 0, d30: 0, d60: 0, d90: 0 };
  const total = q.within === 'expired' ? counts.expired : counts[`d${q.within}`];
  const list = rows.map((r) => ({
    ...r,
    type_name: DOCUMENT_TYPES[r.type],
    file: `/api/admin/documents/${r.document_id}/file`,
  }));
  return { ...paginate(list, total, q), within: q.within, counts };
}

/**
 * `GET /api/user/licence_alerts`: the member's own documents (latest of each type, not
 * rejected) that expire within LICENCE_ALERT_DAYS or have expired, soonest first: the
 * storefront's banner on every page, so buying is never blocked by surprise.
 */
export async function memberLicenceAlerts(
  db: Queryable,
  memberId: number,
  now: Date,
): Promise<LicenceAlertsView> {
  const today = chinaDate(now);
  const rows = rowsOf<LicenceAlertItem>(
    await db.execute(sql`select d.type, d.number, to_char(d.valid_to, 'YYYY-MM-DD') as valid_to,
        (d.valid_to - ${today}::date)::int as days_left
      from qualification_documents d
      where d.member_id = ${memberId} and d.status <> 'rejected'
        and not exists (select 1 from qualification_documents n
          where n.member_id = d.member_id and n.type = d.type and n.status <> 'rejected'
            and (n.valid_to, n.id) > (d.valid_to, d.id))
        and d.valid_to - ${today}::date <= ${LICENCE_ALERT_DAYS}
      order by d.valid_to, d.id`),
  );
  return {
    within_days: LICENCE_ALERT_DAYS,
    list: rows.map((r) => ({ ...r, type_name: DOCUMENT_TYPES[r.type] })),
  };
}
