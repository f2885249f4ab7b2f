import { sql } from 'drizzle-orm';
import { DOCUMENT_TYPES, chinaDate, type DocumentType } from '@kc/domain';
import { rowsOf, type Db } from '../../platform/db.js';
import { postMessage } from './messages.js';

/** A licence is announced this many days before it expires (and once if it has expired unannounced). */
export const LICENCE_REMINDER_DAYS = 30;

/**
 * Tells members about their licences (the latest document of each type, not rejected) that
 * expire within 30 days, once per document (kind `review`, which cannot be turned off: an
 * expired licence stops purchases of the classes it covers). Claimed with `skip locked`.
 */
export async function remindExpiringLicences(db: Db, now: Date): Promise<{ licences: number }> {
  const today = chinaDate(now);
  return db.transaction(async (tx) => {
    const rows = rowsOf<{
      member_id: number;
      type: DocumentType;
      number: string;
      valid_to: string;
      days_left: number;
    }>(
      await tx.execute(sql`with due as (
          select d.id from qualification_documents d join members m on m.id = d.member_id
          where d.status <> 'rejected' and m.status <> 'draft' and d.expiry_reminded_at is null
            and d.valid_to - ${today}::date <= ${LICENCE_REMINDER_DAYS}
            and not exists (select 1 from qualification_documents n
              where n.member_id = d.member_id and n.type = d.type and n.status <> 'rejected'
                and (n.valid_to, n.id) > (d.valid_to, d.id))
          order by d.id limit 1000
          for update of d skip locked)
        update qualification_documents d set expiry_reminded_at = ${now} from due
        where d.id = due.id
        returning d.member_id, d.type, d.number, to_char(d.valid_to, 'YYYY-MM-DD') as valid_to,
          (d.valid_to - ${today}::date)::int as days_left`),
    );
    for (const r of rows) {
      const name = DOCUMENT_TYPES[r.type];
      const when =
        r.days_left < 0 ? `已于${r.valid_to}过期` : `将于${r.valid_to}到期（还有${r.days_left}天）`;
      await postMessage(
        tx,
        r.member_id,
        'review',
        r.days_left < 0 ? `${name}已过期` : `${name}即将到期`,
        `您的${name}（编号${r.number}）${when}。请在「资质证件」上传新证照，到期后将影响相应商品的采购。`,
        now,
      );
    }
    return { licences: rows.length };
  });
}
