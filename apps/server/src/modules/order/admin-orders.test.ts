import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { chinaDate, yuanToFen, type AdminOrderDetailView, type AllocationView } from '@kc/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { PNG_1PX } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { cartLines } from '../cart/schema.js';
import { createCategory, createGoods } from '../catalog/service.js';
import { saveSiteSettings } from '../content/service.js';
import { fund, orderFixture, stockOf, type OrderFixture } from './fixtures.js';

let t: TestApp;
let f: OrderFixture;
let demo: Client;
const staff = {} as Record<'admin' | 'kefu' | 'cangku' | 'caiwu', Client>;
let addressId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  f = await orderFixture(db, t.clock.now);
  await fund(db, 'demo', 1_000_000, t.clock.now);
  await saveSiteSettings(db, {
    company: '杭州康采医药有限公司',
    address: '杭州市余杭区康采路1号',
    payee_name: '杭州康采医药有限公司',
    payee_bank: '工商银行',
    payee_account: '1202 0001',
  });
  demo = new Client(t.app, '10.14.0.1');
  await demo.login('demo', 'demo123456');
  addressId = (await demo.get('/api/user/address')).body.data[0].id;
  for (const [i, name] of (['admin', 'kefu', 'cangku', 'caiwu'] as const).entries()) {
    staff[name] = new Client(t.app, `10.14.1.${i + 1}`);
    const login = await staff[name].post('/api/admin/login', { username: name, password: 'admin123456' });
    expect(login.body.code).toBe(10000);
  }
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.database.db.delete(cartLines);
});

async function place(goodsId: number, number: number, method?: 'balance' | 'offline') {
  expect((await demo.post('/api/cart', { params: [{ goods_id: goodsId, number }] })).body.code).toBe(10000);
  const placed = await demo.post('/api/order', {
    address_id: addressId,
    coupon_id: 0,
    voucher_id: 0,
    idempotency_key: crypto.randomUUID(),
  });
  expect(placed.body.code).toBe(10000);
  const o = placed.body.data as { order_id: number; order_no: string; payable: string };
  if (method)
    expect(
      (await demo.post(`/api/order/${o.order_id}/pay`, { method, pay_password: DEMO_PAY_PASSWORD })).body
        .code,
    ).toBe(10000);
  return o;
}

/** A GET of a printable page: its status, headers and HTML. */
async function page(c: Client, url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    remoteAddress: '10.14.9.9',
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { status: res.statusCode, headers: res.headers, html: res.body };
}

const lotId = (v: AllocationView, batch: string) =>
  v.lines[0]!.lots.find((l) => l.batch_no === batch)!.lot_id;
const balance = async () => yuanToFen((await demo.get('/api/user/user_money')).body.data.balance);
const audits = (action: string) =>
  t.ctx.database.db
    .execute(
      sql`select entity_id, summary, before, after from operator_audit where action = ${action} order by id`,
    )
    .then((r) => rowsOf<{ entity_id: string; summary: string; before: unknown; after: unknown }>(r));

describe('the orders list', () => {
  it('filters by status, order number, member, payment method, 含麻 and China dates', async () => {
    const paid = await place(f.ibuprofen, 1, 'balance');
    const transfer = await place(f.ibuprofen, 1, 'offline');
    const { admin } = staff;
    const list = async (q: string) => (await admin.get(`/api/admin/orders?${q}`)).body.data;
    const ids = (d: { list: { id: number }[] }) => d.list.map((o) => o.id);

    expect(ids(await list(''))).toContain(paid.order_id);
    expect(ids(await list(''))).not.toContain(transfer.order_id);
    expect(ids(await list('status=all'))).toEqual(expect.arrayContaining([paid.order_id, transfer.order_id]));
    expect(await list(`status=all&order_no=${transfer.order_no}`)).toMatchObject({
      total: 1,
      list: [{ id: transfer.order_id, status_text: '待付款', payment_method_text: '对公转账' }],
    });
    expect(ids(await list('status=all&payment_method=offline'))).toEqual([transfer.order_id]);
    const row = (await list(`status=all&order_no=${paid.order_no}`)).list[0];
    expect(row).toMatchObject({ member_company: '杭州康宁大药房有限公司', payable: paid.payable, is_hm: 0 });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await list('status=all&member=康宁')).total).toBeGreaterThanOrEqual(2);
    expect((await list(`status=all&member=${row.member_id}`)).total).toBeGreaterThanOrEqual(2);
    expect((await list('status=all&member=nobody-here')).total).toBe(0);
    expect((await list('status=all&is_hm=1')).total).toBe(0);
    const today = chinaDate(t.clock.now);
    expect((await list(`status=all&start_date=${today}&end_date=${today}`)).total).toBeGreaterThanOrEqual(2);
    const tomorrow = chinaDate(new Date(t.clock.now.getTime() + 86_400_000));
    expect((await list(`status=all&start_date=${tomorrow}`)).total).toBe(0);
    const bad = await admin.get(`/api/admin/orders?start_date=${tomorrow}&end_date=${today}`);
    expect(bad).toMatchObject({ status: 422, body: { msg: '开始日期不能晚于结束日期' } });
    expect((await admin.get('/api/admin/orders?payment_method=cash')).status).toBe(422);
  });

  it('shows the detail with lots, payments, allocation state and the timeline', async () => {
    const o = await place(f.amoxicillin, 10, 'balance');
    const d = (await staff.kefu.get(`/api/admin/orders/${o.order_id}`)).body.data as AdminOrderDetailView;
    expect(d).toMatchObject({
      order_no: o.order_no,
      member_username: 'demo',
      allocation: { allocated: 0 },
      payments: [{ method: 'balance', status: 'paid', amount: o.payable }],
    });
    expect(d.line_lots[d.lines[0]!.id]).toMatchObject([{ batch_no: 'B-EARLY', number: 10 }]);
    expect(d.timeline.map((e) => e.actor)).toEqual(['member', 'member']);
  });
});

describe('allocating lots', () => {
  it('confirms the FEFO draws without a reason, and moves units between lots only with one', async () => {
    const o = await place(f.amoxicillin, 10, 'balance');
    const url = `/api/admin/orders/${o.order_id}`;
    const { cangku } = staff;
    const v = (await cangku.get(`${url}/allocation`)).body.data as AllocationView;
    const line = v.lines[0]!;
    expect(v).toMatchObject({ editable: 1, allocated: 0 });
    expect(line.current).toMatchObject([{ batch_no: 'B-EARLY', number: 10 }]);
    expect(line.fefo).toEqual(line.current);
    expect(line.lots.map((l) => [l.batch_no, l.expired])).toEqual([
      ['B-OLD', 1],
      ['B-EARLY', 0],
      ['B-LATE', 0],
    ]);
    const asIs = { lines: [{ line_id: line.line_id, lots: [{ lot_id: lotId(v, 'B-EARLY'), number: 10 }] }] };
    const confirmed = await cangku.post(`${url}/allocate`, asIs);
    expect(confirmed.body).toMatchObject({
      code: 10000,
      msg: '批号已确认',
      data: { allocation: { allocated: 1 } },
    });
    expect(confirmed.body.data.allocation.allocated_by).not.toBe('');

    const before = await stockOf(t.ctx.database.db, f.amoxicillin);
    const late = { lines: [{ line_id: line.line_id, lots: [{ lot_id: lotId(v, 'B-LATE'), number: 10 }] }] };
    expect(await cangku.post(`${url}/allocate`, late)).toMatchObject({
      status: 422,
      body: { msg: '调整批号须填写原因' },
    });
    const old = {
      lines: [{ line_id: line.line_id, lots: [{ lot_id: lotId(v, 'B-OLD'), number: 10 }] }],
      reason: '试',
    };
    expect((await cangku.post(`${url}/allocate`, old)).body.msg).toBe(
      '阿莫西林胶囊：批号B-OLD已过期，不能发货',
    );
    const short = {
      lines: [{ line_id: line.line_id, lots: [{ lot_id: lotId(v, 'B-LATE'), number: 5 }] }],
      reason: '试',
    };
    expect((await cangku.post(`${url}/allocate`, short)).body.msg).toMatch(/分配数量合计应为10/);
    const ib = (await cangku.get(`/api/admin/orders/${(await place(f.ibuprofen, 1)).order_id}/allocation`))
      .body.data as AllocationView;
    const alien = {
      lines: [{ line_id: line.line_id, lots: [{ lot_id: ib.lines[0]!.lots[0]!.lot_id, number: 10 }] }],
      reason: '试',
    };
    expect((await cangku.post(`${url}/allocate`, alien)).body.msg).toBe(
      '阿莫西林胶囊：所选批号不存在或不属于该商品',
    );
    const split = {
      lines: [
        {
          line_id: line.line_id,
          lots: [
            { lot_id: lotId(v, 'B-LATE'), number: 6 },
            { lot_id: lotId(v, 'B-EARLY'), number: 4 },
          ],
        },
      ],
      reason: '客户要求远效期批号',
    };
    const moved = await cangku.post(`${url}/allocate`, split);
    expect(moved.body).toMatchObject({ code: 10000, msg: '批号已调整' });
    const after = await stockOf(t.ctx.database.db, f.amoxicillin);
    expect(after.stock).toBe(before.stock);
    expect(after.lots['B-EARLY']).toBe(before.lots['B-EARLY']! + 6);
    expect(after.lots['B-LATE']).toBe(before.lots['B-LATE']! - 6);
    expect(after.stock).toBe(Object.values(after.lots).reduce((s, n) => s + n, 0));
    // The stock ledger: the units back into B-EARLY, then out of B-LATE and B-EARLY, by this operator.
    const ledger = rowsOf<{ quantity: number; operator_id: number | null }>(
      await t.ctx.database.db.execute(
        sql`select quantity, operator_id from stock_movements where kind = 'reallocate' and ref = ${o.order_no}`,
      ),
    );
    expect(ledger.map((r) => r.quantity).sort((x, y) => x - y)).toEqual([-6, -4, 10]);
    expect(ledger.every((r) => r.operator_id !== null)).toBe(true);
    const d = moved.body.data as AdminOrderDetailView;
    expect(d.allocation.note).toBe('客户要求远效期批号');
    expect(d.lines[0]!.lots.map((l) => [l.batch_no, l.number])).toEqual([
      ['B-EARLY', 4],
      ['B-LATE', 6],
    ]);
    expect(d.timeline.at(-1)).toMatchObject({ actor: 'operator' });
    expect(d.timeline.at(-1)!.text).toContain('B-EARLY×10 → B-LATE×6、B-EARLY×4');
    // The buyer's own order shows the lots the warehouse chose.
    const seen = (await demo.get(`/api/order/${o.order_id}`)).body.data;
    expect(seen.lines[0].lots.map((l: { batch_no: string }) => l.batch_no)).toEqual(['B-EARLY', 'B-LATE']);
    const [a] = (await audits('order.allocate')).filter((x) => x.summary.includes('调整'));
    expect(a).toMatchObject({ entity_id: String(o.order_id), before: [{ lots: 'B-EARLY×10' }] });
  });

  it('refuses an order that is not waiting for shipment', async () => {
    const o = await place(f.amoxicillin, 10);
    const v = (await staff.cangku.get(`/api/admin/orders/${o.order_id}/allocation`)).body
      .data as AllocationView;
    expect(v.editable).toBe(0);
    const body = {
      lines: [{ line_id: v.lines[0]!.line_id, lots: [{ lot_id: lotId(v, 'B-EARLY'), number: 10 }] }],
    };
    expect((await staff.cangku.post(`/api/admin/orders/${o.order_id}/allocate`, body)).body.msg).toBe(
      '订单待付款，不能分配批号',
    );
  });

  /** A goods with a short lot (6 months) and a long one (24 months), both well stocked. */
  async function floorGoods(name: string) {
    const db = t.ctx.database.db;
    const day = (months: number) => chinaDate(new Date(t.clock.now.getTime() + months * 30.5 * 86_400_000));
    return createGoods(db, {
      name,
      ypgg: '0.1g*100片',
      sccj: '华润三九医药股份有限公司',
      scopeClass: '化学药制剂',
      categoryId: await createCategory(db, { name: `${name}类`, code: `c${name.length}${Date.now()}` }),
      ckId: f.ck1,
      basePrice: 500,
      price: 400,
      lots: [
        { batchNo: 'F-LONG', producedOn: day(-1), expiresOn: day(24), quantity: 100 },
        { batchNo: 'F-SHORT', producedOn: day(-18), expiresOn: day(6), quantity: 100 },
      ],
    });
  }
  const setFloor = async (months: number) =>
    expect((await demo.post('/api/user/shelf_floor', { months })).body.code).toBe(10000);

  it("draws only lots above the buyer's shelf-life floor (decision 064)", async () => {
    // Placed without a floor: the order holds the short lot (FEFO).
    const o = await place(await floorGoods('效期维生素片'), 10, 'balance');
    const url = `/api/admin/orders/${o.order_id}`;
    const { cangku } = staff;
    await setFloor(12);
    try {
      const v = (await cangku.get(`${url}/allocation`)).body.data as AllocationView;
      const line = v.lines[0]!;
      expect(v.shelf_months).toBe(12);
      expect(line.current).toMatchObject([{ batch_no: 'F-SHORT', number: 10 }]);
      // The proposal skips the short lot; the lots say which are under the floor.
      expect(line.fefo).toMatchObject([{ batch_no: 'F-LONG', number: 10 }]);
      expect(line.lots.map((l) => [l.batch_no, l.expired, l.below_floor])).toEqual([
        ['F-SHORT', 0, 1],
        ['F-LONG', 0, 0],
      ]);
      // Moving to the proposal needs no reason.
      const late = { lines: [{ line_id: line.line_id, lots: [{ lot_id: lotId(v, 'F-LONG'), number: 10 }] }] };
      expect((await cangku.post(`${url}/allocate`, late)).body).toMatchObject({
        code: 10000,
        msg: '批号已调整',
      });
      // Units may not be moved back onto the short lot, even with a reason.
      const back = {
        lines: [
          {
            line_id: line.line_id,
            lots: [
              { lot_id: lotId(v, 'F-SHORT'), number: 4 },
              { lot_id: lotId(v, 'F-LONG'), number: 6 },
            ],
          },
        ],
        reason: '近效期先出',
      };
      const refused = await cangku.post(`${url}/allocate`, back);
      expect(refused).toMatchObject({ status: 400, body: { code: 400 } });
      expect(refused.body.msg).toMatch(
        /^效期维生素片：批号F-SHORT效期至\d{4}-\d{2}-\d{2}，不足买家设置的12个月效期要求，不能分配$/,
      );
      const seen = (await demo.get(`/api/order/${o.order_id}`)).body.data;
      expect(seen.lines[0].lots.map((l: { batch_no: string }) => l.batch_no)).toEqual(['F-LONG']);
      // Without a floor the short lot is the proposal again and may be chosen.
      await setFloor(0);
      const free = (await cangku.get(`${url}/allocation`)).body.data as AllocationView;
      expect(free.shelf_months).toBe(0);
      expect(free.lines[0]!.fefo).toMatchObject([{ batch_no: 'F-SHORT', number: 10 }]);
      expect((await cangku.post(`${url}/allocate`, back)).body).toMatchObject({
        code: 10000,
        msg: '批号已调整',
      });
    } finally {
      await setFloor(0);
    }
  });

  it('lets a line keep the short lot it drew before the buyer raised the floor', async () => {
    const o = await place(await floorGoods('效期钙片'), 10, 'balance');
    const url = `/api/admin/orders/${o.order_id}`;
    await setFloor(12);
    try {
      const v = (await staff.cangku.get(`${url}/allocation`)).body.data as AllocationView;
      const asIs = {
        lines: [{ line_id: v.lines[0]!.line_id, lots: [{ lot_id: lotId(v, 'F-SHORT'), number: 10 }] }],
      };
      expect((await staff.cangku.post(`${url}/allocate`, asIs)).body).toMatchObject({
        code: 10000,
        msg: '批号已确认',
      });
      const d = (await demo.get(`/api/order/${o.order_id}`)).body.data;
      expect(d.lines[0].lots.map((l: { batch_no: string }) => l.batch_no)).toEqual(['F-SHORT']);
    } finally {
      await setFloor(0);
    }
  });
});

describe('printed pages', () => {
  it('prints the pick list and the delivery note with batch, approval number and 合格', async () => {
    const a = await place(f.amoxicillin, 10, 'balance');
    const b = await place(f.ibuprofen, 2, 'balance');
    const note = await page(staff.cangku, `/api/admin/orders/${a.order_id}/delivery_note`);
    expect(note.status).toBe(200);
    expect(note.headers['content-type']).toContain('text/html');
    const csp = String(note.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    expect(note.html).toContain(`<script nonce="${nonce}">`);
    for (const s of [
      '随货同行单',
      '供货单位：杭州康采医药有限公司',
      '购货单位：杭州康宁大药房有限公司',
      '批准文号',
      '国药准字H',
      'B-EARLY',
      '生产日期',
      '有效期至',
      '合格',
      '打印',
      '发货日期',
    ])
      expect(note.html).toContain(s);
    const pick = await page(staff.kefu, `/api/admin/orders/${b.order_id}/pick_list`);
    expect(pick.html).toContain('拣货单');
    expect(pick.html).toContain('IB-01');
    const batch = await page(staff.cangku, `/api/admin/pick_list?ids[]=${a.order_id}&ids[]=${b.order_id}`);
    expect(batch.status).toBe(200);
    expect(batch.html).toContain('批量拣货汇总');
    expect(batch.html).toContain(a.order_no);
    expect(batch.html).toContain(b.order_no);
    expect((await page(staff.cangku, '/api/admin/pick_list?ids[]=999999')).status).toBe(404);
    expect(
      (await page(new Client(t.app, '10.14.9.8'), `/api/admin/orders/${a.order_id}/pick_list`)).status,
    ).toBe(401);
  });
});

describe('shipping', () => {
  it('ships with carrier and tracking number, confirming FEFO lots, and the buyer sees it', async () => {
    const o = await place(f.amoxicillin, 10, 'balance');
    const shipped = await staff.cangku.post(`/api/admin/orders/${o.order_id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    expect(shipped.body).toMatchObject({
      code: 10000,
      msg: '已发货',
      data: { status: 2, allocation: { allocated: 1 } },
    });
    const texts = (shipped.body.data as AdminOrderDetailView).timeline.map((e) => e.text);
    expect(texts).toContain('发货时自动确认批号（按效期先出，未人工调整）');
    const mine = await demo.get(`/api/order/${o.order_id}`);
    expect(mine.body.data).toMatchObject({
      status: 2,
      status_text: '已发货',
      logistics: { carrier: '顺丰速运', tracking_no: 'SF1234567890' },
    });
    const list = (await demo.get('/api/order/list?status=2')).body.data;
    expect(list.list.map((x: { id: number }) => x.id)).toContain(o.order_id);
    expect((await audits('order.ship')).map((a) => a.entity_id)).toContain(String(o.order_id));
  });
});

describe('shipping an expired batch', () => {
  it('is refused until the lots are allocated again', async () => {
    const o = await place(f.ibuprofen, 1, 'balance');
    // The batch the order drew has expired since (the order's own copy of its expiry).
    await t.ctx.database.db.execute(
      sql`update order_line_lots set expires_on = current_date - 1 where order_id = ${o.order_id}`,
    );
    const r = await staff.cangku.post(`/api/admin/orders/${o.order_id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF7770001',
    });
    expect(r.body).toMatchObject({ code: 400, msg: '布洛芬缓释胶囊的批号IB-01已过期，请先重新分配批号' });
    expect((await demo.get(`/api/order/${o.order_id}`)).body.data.status).toBe(1);
  });
});

describe('cancelling', () => {
  it('cancels a paid order with a refund to the balance and the stock back', async () => {
    const o = await place(f.ibuprofen, 3, 'balance');
    const stock = (await stockOf(t.ctx.database.db, f.ibuprofen)).stock;
    const money = await balance();
    expect((await staff.kefu.post(`/api/admin/orders/${o.order_id}/cancel`, { reason: '' })).status).toBe(
      422,
    );
    const r = await staff.kefu.post(`/api/admin/orders/${o.order_id}/cancel`, { reason: '客户电话要求取消' });
    expect(r.body).toMatchObject({
      code: 10000,
      msg: `订单已取消，已退款${o.payable}元`,
      data: { status: 4 },
    });
    expect(await balance()).toBe(money + yuanToFen(o.payable));
    expect((await stockOf(t.ctx.database.db, f.ibuprofen)).stock).toBe(stock + 3);
    const mine = (await demo.get(`/api/order/${o.order_id}`)).body.data;
    expect(mine).toMatchObject({ status: 4, payment: { status: 'refunded' } });
    expect(mine.cancel_reason).toContain('客户电话要求取消');
    // The timeline says the operator cancelled it, not the buyer.
    const seen = (await staff.kefu.get(`/api/admin/orders/${o.order_id}`)).body.data;
    expect(seen.timeline.at(-1)).toMatchObject({ actor: 'operator' });
    expect(seen.timeline.at(-1).text).toContain('订单已取消');
    expect((await demo.get('/api/user/message')).body.data.list[0].title).toBe('订单已取消');
    const [a] = (await audits('order.cancel')).filter((x) => x.entity_id === String(o.order_id));
    expect(a).toMatchObject({ before: { status: '待发货' }, after: { status: '已取消' } });
  });

  it('cancels an unpaid order, refuses a shipped one', async () => {
    const unpaid = await place(f.ibuprofen, 1);
    expect(
      (await staff.admin.post(`/api/admin/orders/${unpaid.order_id}/cancel`, { reason: '重复下单' })).body
        .msg,
    ).toBe('订单已取消');
    const o = await place(f.ibuprofen, 1, 'balance');
    await staff.cangku.post(`/api/admin/orders/${o.order_id}/ship`, {
      carrier: '中通快递',
      tracking_no: 'ZT000111222',
    });
    const refused = await staff.kefu.post(`/api/admin/orders/${o.order_id}/cancel`, { reason: '客户要求' });
    expect(refused.body).toMatchObject({ code: 400, msg: '订单已发货，不能取消；如需退款请走退货/售后流程' });
  });
});

describe('returns queue', () => {
  it('filters returns and audits each decision, which the buyer sees', async () => {
    const o = await place(f.ibuprofen, 2, 'balance');
    await staff.cangku.post(`/api/admin/orders/${o.order_id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550001',
    });
    const line = (await demo.get(`/api/order/${o.order_id}`)).body.data.lines[0];
    const asked = await postMultipart(demo, `/api/order/${o.order_id}/return`, {
      kind: 'return',
      reason: '商品破损',
      lines: [{ line_id: line.id, number: 1 }],
      photos: filePart(Buffer.from(PNG_1PX, 'base64'), 'p.png', 'image/png'),
    });
    expect(asked.body.code).toBe(10000);
    const rid = asked.body.data.id as number;
    const q = async (s: string) => (await staff.kefu.get(`/api/admin/returns?${s}`)).body.data;
    expect((await q('')).list.map((r: { id: number }) => r.id)).toContain(rid);
    expect((await q(`status=all&keywords=${o.order_no}`)).list).toMatchObject([
      { id: rid, member_company: '杭州康宁大药房有限公司' },
    ]);
    expect((await q('status=all&member=康宁')).total).toBeGreaterThanOrEqual(1);
    expect((await q('status=refunded')).total).toBe(0);
    const tomorrow = chinaDate(new Date(t.clock.now.getTime() + 86_400_000));
    expect((await q(`status=all&start_date=${tomorrow}`)).total).toBe(0);

    expect(
      (await staff.kefu.post(`/api/admin/returns/${rid}/approve`, { remark: '请附单据' })).body.data.status,
    ).toBe('approved');
    expect((await staff.cangku.post(`/api/admin/returns/${rid}/receive`)).body.data.status).toBe('received');
    expect((await staff.caiwu.post(`/api/admin/returns/${rid}/refund`)).body.data.status).toBe('refunded');
    const seen = (await demo.get(`/api/order/return/${rid}`)).body.data;
    expect(seen.timeline.map((e: { text: string }) => e.text).join('|')).toMatch(
      /审核通过.*仓库已收到退货.*已退款/,
    );
    for (const [action, from, to] of [
      ['return.approve', '待审核', '已同意，待退货'],
      ['return.receive', '已同意，待退货', '已收货，待退款'],
      ['return.refund', '已收货，待退款', '已退款'],
    ] as const)
      expect((await audits(action)).find((a) => a.entity_id === String(rid))).toMatchObject({
        before: { status: from },
        after: { status: to },
      });
  });
});

describe('confirming a bank transfer', () => {
  it('moves the order to 待发货 and leaves an audit entry', async () => {
    const o = await place(f.ibuprofen, 1, 'offline');
    const r = await staff.caiwu.post(`/api/admin/orders/${o.order_id}/confirm_payment`, {
      note: '工行流水 8899',
    });
    expect(r.body).toMatchObject({ code: 10000, msg: '已确认收款', data: { status: 1 } });
    expect((r.body.data as AdminOrderDetailView).payments.find((p) => p.status === 'paid')).toMatchObject({
      method: 'offline',
      trade_no: '工行流水 8899',
    });
    const [a] = (await audits('order.confirm_payment')).filter((x) => x.entity_id === String(o.order_id));
    expect(a).toMatchObject({
      before: { status: '待付款' },
      after: { status: '待发货', note: '工行流水 8899' },
    });
  });
});

describe('who may do what', () => {
  it('refuses each role outside its rights', async () => {
    const o = await place(f.ibuprofen, 1, 'balance');
    const url = `/api/admin/orders/${o.order_id}`;
    const refused = { status: 403, body: { msg: '没有权限进行此操作' } };
    expect(
      await staff.kefu.post(`${url}/ship`, { carrier: '顺丰速运', tracking_no: 'SF0000000009' }),
    ).toMatchObject(refused);
    expect(await staff.caiwu.post(`${url}/allocate`, {})).toMatchObject(refused);
    expect(await staff.cangku.post(`${url}/cancel`, { reason: '仓库无货' })).toMatchObject(refused);
    expect(await staff.cangku.post('/api/admin/returns/1/refund')).toMatchObject(refused);
    expect(await staff.kefu.post(`${url}/confirm_payment`)).toMatchObject(refused);
    expect(await staff.caiwu.post('/api/admin/returns/1/receive')).toMatchObject(refused);
    expect((await staff.caiwu.get(`${url}/allocation`)).status).toBe(200);
  });
});
