// Test fixtures for the order suites: a small catalogue in two warehouses with lots of
// different expiry, a 含麻 goods, and a buyer with money. Not product data.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { createCategory, createGoods, createWarehouse, type NewGoods } from '../catalog/service.js';
import { recharge } from '../wallet/service.js';
import { members } from '../account/schema.js';

export interface OrderFixture {
  /** 12.90, zbz 10; lots: B-LATE 2029 ×100, B-EARLY 2027 ×30, B-OLD expired ×500. */
  amoxicillin: number;
  /** 25.00, zbz 1, 40 in stock (one lot), warehouse 2. */
  ibuprofen: number;
  /** 含麻 (ephedrine-type) goods, 18.00. */
  hm: number;
  /** 50 in stock: the oversell tests' goods. */
  scarce: number;
  ck1: number;
  ck2: number;
}

export async function orderFixture(db: Db, now: Date): Promise<OrderFixture> {
  const categoryId = await createCategory(db, { name: '西药', code: 'xy' });
  const ck1 = await createWarehouse(db, { name: '杭州仓' });
  const ck2 = await createWarehouse(db, { name: '宁波仓' });
  const year = now.getUTCFullYear();
  const base = (name: string, over: Partial<NewGoods> = {}): NewGoods => ({
    name,
    ypgg: '0.25g*24粒',
    sccj: '华润三九医药股份有限公司',
    approvalNo: `国药准字H${20000000 + name.length}`,
    scopeClass: '化学药制剂',
    categoryId,
    ckId: ck1,
    basePrice: 1800,
    price: 1290,
    lots: [
      { batchNo: 'B1', producedOn: `${year - 1}-01-01`, expiresOn: `${year + 2}-01-01`, quantity: 1000 },
    ],
    ...over,
  });
  const amoxicillin = await createGoods(
    db,
    base('阿莫西林胶囊', {
      zbz: 10,
      lots: [
        { batchNo: 'B-LATE', producedOn: `${year - 1}-06-01`, expiresOn: `${year + 3}-06-01`, quantity: 100 },
        { batchNo: 'B-EARLY', producedOn: `${year - 1}-01-01`, expiresOn: `${year + 1}-01-01`, quantity: 30 },
        { batchNo: 'B-OLD', producedOn: `${year - 4}-01-01`, expiresOn: `${year - 1}-01-01`, quantity: 500 },
      ],
    }),
  );
  const ibuprofen = await createGoods(
    db,
    base('布洛芬缓释胶囊', {
      price: 2500,
      basePrice: 3000,
      ckId: ck2,
      lots: [
        { batchNo: 'IB-01', producedOn: `${year - 1}-03-01`, expiresOn: `${year + 2}-03-01`, quantity: 40 },
      ],
    }),
  );
  const hm = await createGoods(
    db,
    base('复方盐酸伪麻黄碱缓释胶囊', { price: 1800, isHm: true, qgNumber: 10 }),
  );
  const scarce = await createGoods(
    db,
    base('头孢克肟分散片', {
      price: 3000,
      lots: [
        { batchNo: 'S-1', producedOn: `${year - 1}-01-01`, expiresOn: `${year + 2}-01-01`, quantity: 50 },
      ],
    }),
  );
  return { amoxicillin, ibuprofen, hm, scarce, ck1, ck2 };
}

/** Gives a member `yuan` of balance through the wallet service. */
export async function fund(db: Db, username: string, fen: number, now: Date): Promise<number> {
  const [m] = await db.select({ id: members.id }).from(members).where(eq(members.username, username));
  await recharge(db, m!.id, fen, '测试充值', now);
  return m!.id;
}

/** Stock and lots of a goods. */
export async function stockOf(db: Db, goodsId: number) {
  const res = (await db.execute(sql`
    select g.stock, coalesce(json_object_agg(l.batch_no, l.quantity) filter (where l.id is not null), '{}') as lots
    from goods g left join goods_lots l on l.goods_id = g.id where g.id = ${goodsId} group by g.id`)) as unknown as {
    rows: { stock: number; lots: Record<string, number> }[];
  };
  return res.rows[0]!;
}

/** A buyer the concurrency tests act as: a clone of `demo` with its own session token. */
export interface Buyer {
  memberId: number;
  token: string;
  addressId: number;
}

/**
 * Clones the approved `demo` member n times (documents, address, signed contract) and gives
 * each a session, in a handful of statements: logging 200 buyers in would spend seconds
 * hashing passwords, which is not what these tests measure.
 */
export async function cloneBuyers(db: Db, n: number, tag: string): Promise<Buyer[]> {
  const rows = (await db.execute(sql`
    with src as (select * from members where username = 'demo'),
    made as (
      insert into members (username, password_hash, name, phone, company, company_type, rank, status, region, address,
        business_scope, contract_version, contract_signed_at, contract_ip, created_at, updated_at)
      select ${tag} || '_' || i, s.password_hash, s.name, '', s.company || i, s.company_type, s.rank, s.status, s.region,
        s.address, s.business_scope, s.contract_version, s.contract_signed_at, s.contract_ip, now(), now()
      from src s cross join generate_series(1, ${n}) i
      returning id),
    docs as (
      insert into qualification_documents (member_id, type, number, valid_from, valid_to, status, file_id, created_at)
      select m.id, d.type, d.number, d.valid_from, d.valid_to, d.status, d.file_id, now()
      from made m cross join qualification_documents d join src s on d.member_id = s.id),
    pay as (
      insert into member_settings (member_id, pay_password_hash)
      select m.id, ms.pay_password_hash from made m cross join member_settings ms join src s on ms.member_id = s.id),
    addr as (
      insert into member_addresses (member_id, consignee, phone, region, address, is_default)
      select m.id, '王建国', '13800138000', '浙江省 杭州市 西湖区', '文三路 398 号', true from made m
      returning id, member_id)
    select member_id as "memberId", id as "addressId" from addr order by member_id`)) as unknown as {
    rows: { memberId: number; addressId: number }[];
  };
  const buyers = rows.rows.map((r) => ({
    ...r,
    token: `${tag}-token-${r.memberId}-${Math.random().toString(36).slice(2)}`,
  }));
  const hash = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
  await db.execute(sql`
    insert into sessions (id, subject_type, subject_id, expires_at)
    select h, 'member', m, now() + interval '1 day'
    from unnest(${sql.param(buyers.map((b) => hash(b.token)))}::text[], ${sql.param(buyers.map((b) => b.memberId))}::int[]) as t(h, m)`);
  return buyers;
}

/** Puts one line of `goodsId` × `number` in each buyer's cart (one statement). */
export async function fillCarts(
  db: Db,
  buyers: readonly Buyer[],
  goodsId: number,
  number: number,
): Promise<void> {
  await db.execute(sql`
    insert into cart_lines (member_id, kind, item_id, number, is_selected, shown_price)
    select m, 0, ${goodsId}, ${number}, true, (select price from goods where id = ${goodsId})
    from unnest(${sql.param(buyers.map((b) => b.memberId))}::int[]) as t(m)
    on conflict (member_id, kind, item_id) do update set number = excluded.number`);
}
