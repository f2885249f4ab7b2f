import { sql } from 'drizzle-orm';
import type { PlaceOrderInput } from '@kc/domain';
import { rowsOf, type Db } from '../platform/db.js';
import { addToCart } from '../modules/cart/add.js';
import { shipOrder } from '../modules/order/lifecycle.js';
import { placeOrder } from '../flows/checkout/place.js';
import { receiveOrder } from '../flows/orders/receive.js';
import { payOrder } from '../flows/payment/pay.js';
import { issueOrderInvoice } from '../modules/invoice/issue.js';
import { DevEInvoiceProvider } from '../providers/einvoice.js';

const DAY = 24 * 3600_000;

/**
 * The demo member's order history, made through the same services as a real purchase:
 * one order completed two weeks ago, one shipped yesterday, one paid today and waiting
 * for the warehouse. Paid from the demo balance; coupons are left for the visitor to try. The
 * completed one's 普通发票 is issued (development provider); the shipped one's 专用发票 waits for 财务.
 */
export async function seedOrders(db: Db, now: Date): Promise<void> {
  const [demo] = rowsOf<{ id: number; address_id: number }>(
    await db.execute(sql`select m.id, a.id as address_id from members m
      join member_addresses a on a.member_id = m.id where m.username = 'demo' order by a.is_default desc limit 1`),
  );
  if (!demo) return;
  // Plain goods the demo may buy: in scope, not 含麻, not 控销, not on flash sale, well stocked.
  const goods = rowsOf<{ id: number; zbz: number }>(
    await db.execute(sql`select id, zbz from goods
      where on_shelf and is_buy and type = 0 and qg_number = 0 and not is_hm and stock >= 500 and scope_class <> '生物制品'
        and not (zones && array['kx', 'jxqzc']::text[]) and price between 500 and 5000
      order by sales desc, id limit 9`),
  );
  const plans = [
    {
      daysAgo: 14,
      picks: goods.slice(0, 4),
      shipped: 13,
      received: 11,
      carrier: '顺丰速运',
      no: 'SF1409263381752',
    },
    {
      daysAgo: 2,
      picks: goods.slice(4, 7),
      shipped: 1,
      received: null,
      carrier: '京东物流',
      no: 'JDVB03391207641',
    },
    { daysAgo: 0, picks: goods.slice(7, 9), shipped: null, received: null, carrier: '', no: '' },
  ];
  for (const [i, p] of plans.entries()) {
    if (p.picks.length === 0) continue;
    const at = new Date(now.getTime() - p.daysAgo * DAY);
    await addToCart(
      db,
      demo.id,
      p.picks.map((g) => ({ goods_id: g.id, number: g.zbz * (2 + i) })),
      at,
    );
    const input: PlaceOrderInput = {
      address_id: demo.address_id,
      coupon_id: 0,
      voucher_id: 0,
      remark: i === 0 ? '请随货附药检报告' : '',
      idempotency_key: `seed-order-${i + 1}`,
      // The first asks for a 普通发票 (issued below), the second for a 专用发票 (waiting for 财务).
      invoice_type: i === 0 ? 1 : i === 1 ? 2 : 0,
      invoice_title: i < 2 ? '杭州康宁大药房有限公司' : '',
      tax_no: i < 2 ? '91330106MA2CFK3X1L' : '',
      invoice_bank: i === 1 ? '杭州银行西湖支行' : '',
      invoice_account: i === 1 ? '3301 0401 6000 2851 66' : '',
      invoice_address: i === 1 ? '浙江省杭州市西湖区文三路 398 号' : '',
      invoice_phone: i === 1 ? '0571-88216688' : '',
    };
    const placed = await placeOrder(db, demo.id, input, at);
    await payOrder(db, demo.id, placed.order_id, 'balance', null, new Date(at.getTime() + 5 * 60_000));
    if (p.shipped !== null)
      await shipOrder(db, placed.order_id, p.carrier, p.no, new Date(now.getTime() - p.shipped * DAY));
    if (p.received !== null) {
      const received = new Date(now.getTime() - p.received * DAY);
      await receiveOrder(db, placed.order_id, received, demo.id);
      if (input.invoice_type) {
        const issueAt = new Date(received.getTime() + 3600_000);
        await issueOrderInvoice(
          { db, provider: new DevEInvoiceProvider(), now: () => issueAt },
          placed.order_id,
          null,
        );
      }
    }
  }
}
