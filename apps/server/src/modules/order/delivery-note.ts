import { fenToYuan, yuanToFen, type DeliveryNoteView, type OrderDetailView } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import type { TrackingProvider } from '../../providers/index.js';
import { getSiteSettings, type SiteSettings } from '../content/settings.js';
import { memberOrderDetail, operatorOrderDetail } from './detail.js';

/** `GET /api/order/{id}/delivery_note`: the 随货同行单, one sheet per warehouse, a row per batch. */
export async function deliveryNote(
  db: Queryable,
  memberId: number,
  orderId: number,
  now: Date,
  tracking: TrackingProvider,
): Promise<DeliveryNoteView> {
  const [d, site] = await Promise.all([
    memberOrderDetail(db, memberId, orderId, now, tracking),
    getSiteSettings(db),
  ]);
  return noteOf(d, site);
}

/** The same 随货同行单 of any member's order, for the back office's printed page. */
export async function operatorDeliveryNote(
  db: Queryable,
  orderId: number,
  now: Date,
  tracking: TrackingProvider,
): Promise<DeliveryNoteView & { site: SiteSettings }> {
  const [d, site] = await Promise.all([operatorOrderDetail(db, orderId, now, tracking), getSiteSettings(db)]);
  return { ...noteOf(d, site), site };
}

function noteOf(d: OrderDetailView, site: SiteSettings): DeliveryNoteView {
  const toFen = yuanToFen;
  const sheets = d.warehouses.map((w) => {
    const lines = d.lines.filter((l) => w.line_ids.includes(l.id));
    const rows = lines.flatMap((l) =>
      l.lots.map((lot) => ({
        name: l.name,
        ypgg: l.ypgg,
        sccj: l.sccj,
        bzdw: l.bzdw,
        approval_no: l.approval_no,
        batch_no: lot.batch_no,
        produced_on: lot.produced_on,
        expires_on: lot.expires_on,
        number: lot.number,
        price: l.price,
        amount: fenToYuan(
          lot.number === l.number ? toFen(l.amount) : Math.floor((toFen(l.amount) * lot.number) / l.number),
        ),
      })),
    );
    const amount = lines.reduce((s, l) => s + toFen(l.amount), 0);
    return { ck_id: w.ck_id, warehouse: w.name, rows, amount: fenToYuan(amount) };
  });
  return {
    order_no: d.order_no,
    company: d.member_company,
    seller: site.company,
    address: d.address,
    created_at: d.created_at,
    shipped_at: d.shipped_at,
    carrier: d.logistics.carrier,
    tracking_no: d.logistics.tracking_no,
    sheets,
    amount: d.amounts.goods_amount,
  };
}
