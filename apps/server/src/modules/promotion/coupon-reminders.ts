import { sql } from 'drizzle-orm';
import { chinaDateTime } from '@kc/domain';
import { rowsOf, type Db } from '../../platform/db.js';
import { postMessage } from '../account/messages.js';

/** Unused coupons are announced this long before they expire. */
export const COUPON_REMINDER_MS = 3 * 24 * 3600_000;

/**
 * Tells members about their unused coupons that expire within three days, once per coupon, one
 * message per member listing them (kind `coupon`, which a member may turn off). Rows are claimed
 * with `skip locked`, so instances running it together never remind twice.
 */
export async function remindExpiringCoupons(db: Db, now: Date): Promise<{ coupons: number }> {
  return db.transaction(async (tx) => {
    const until = new Date(now.getTime() + COUPON_REMINDER_MS);
    const rows = rowsOf<{ member_id: number; name: string; ends: Date | string }>(
      await tx.execute(sql`with due as (
          select mc.id from member_coupons mc join coupon_templates t on t.id = mc.template_id
          where mc.status = 'unused' and mc.expiry_reminded_at is null
            and coalesce(mc.expires_at, t.valid_to) > ${now}
            and coalesce(mc.expires_at, t.valid_to) <= ${until}
          order by mc.id limit 1000
          for update of mc skip locked)
        update member_coupons mc set expiry_reminded_at = ${now}
        from due, coupon_templates t
        where mc.id = due.id and t.id = mc.template_id
        returning mc.member_id, t.name, coalesce(mc.expires_at, t.valid_to) as ends`),
    );
    const byMember = new Map<number, { name: string; ends: string }[]>();
    for (const r of rows) {
      const list = byMember.get(r.member_id) ?? [];
      list.push({ name: r.name, ends: chinaDateTime(r.ends).slice(5, 16) });
      byMember.set(r.member_id, list);
    }
    for (const [memberId, list] of byMember) {
      list.sort((a, b) => a.ends.localeCompare(b.ends));
      const names = list.map((c) => `${c.name}（${c.ends}到期）`).join('、');
      await postMessage(
        tx,
        memberId,
        'coupon',
        '优惠券即将过期',
        `您有${list.length}张优惠券将在3天内过期：${names}。下单时即可使用，过期后将无法使用。`,
        now,
      );
    }
    return { coupons: rows.length };
  });
}
