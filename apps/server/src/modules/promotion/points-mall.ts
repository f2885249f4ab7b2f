/**
 * The points mall's gifts (积分商城, `points_goods`): what the storefront lists, what the back
 * office edits, and the two steps a redemption (flows/points) takes on a gift under its row
 * lock: take its stock, or put it back when a points order is cancelled.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  GIFT_STOCK_TEXT,
  giftStockState,
  paginate,
  type AdminPointsGoodsQuery,
  type AdminPointsGoodsView,
  type Paginated,
  type PointsGoodsInput,
  type PointsGoodsListView,
  type PointsGoodsQuery,
  type PointsGoodsView,
} from '@kc/domain';
import { rowsOf, type Queryable, escapeLike } from '../../platform/db.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';

interface GiftRow {
  id: number;
  name: string;
  image: string;
  description: string;
  points: number;
  stock: number;
  per_member: number;
  redeemed: number;
  goods_id: number | null;
  on_sale: boolean;
  sort: number;
  created_at: string;
  goods_name?: string | null;
}

const COLUMNS = sql`g.id, g.name, g.image, g.description, g.points, g.stock, g.per_member, g.redeemed,
  g.goods_id, g.on_sale, g.sort, g.created_at`;

function giftView(g: GiftRow, myPoints: number | null): PointsGoodsView {
  const state = giftStockState(g.stock);
  return {
    id: g.id,
    name: g.name,
    image: g.image,
    description: g.description,
    points: g.points,
    stock: Math.max(0, g.stock),
    stock_state: state,
    stock_text: GIFT_STOCK_TEXT[state],
    per_member: g.per_member,
    redeemed: g.redeemed,
    goods_id: g.goods_id ?? 0,
    affordable: myPoints !== null && myPoints >= g.points ? 1 : 0,
  };
}

function adminView(g: GiftRow): AdminPointsGoodsView {
  const { affordable: _a, ...rest } = giftView(g, null);
  return {
    ...rest,
    on_sale: g.on_sale ? 1 : 0,
    sort: g.sort,
    goods_name: g.goods_name ?? '',
    created_at: chinaDateTime(g.created_at),
  };
}

/** The member's points (null for a visitor); the mall shows them and judges what they afford. */
async function pointsOf(db: Queryable, memberId: number | null): Promise<number | null> {
  if (memberId === null) return null;
  const [m] = rowsOf<{ points: number }>(
    await db.execute(sql`select points from members where id = ${memberId}`),
  );
  return m?.points ?? null;
}

const ORDER = sql`order by g.sort desc, g.id desc`;

/** `GET /api/points/goods`: gifts on sale, highest sort first; sold-out ones stay listed as 已兑完. */
export async function giftsForSale(
  db: Queryable,
  memberId: number | null,
  q: PointsGoodsQuery,
): Promise<PointsGoodsListView> {
  const myPoints = await pointsOf(db, memberId);
  const where: SQL[] = [sql`g.on_sale`];
  if (q.affordable) where.push(sql`g.points <= ${myPoints ?? -1}`);
  const cond = sql.join(where, sql` and `);
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from points_goods g where ${cond}`),
  );
  const rows = rowsOf<GiftRow>(
    await db.execute(sql`select ${COLUMNS} from points_goods g where ${cond} ${ORDER}
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  return {
    ...paginate(
      rows.map((g) => giftView(g, myPoints)),
      c?.n ?? 0,
      q,
    ),
    my_points: myPoints,
  };
}

/** `GET /api/points/goods/:id`: one gift on sale. */
export async function giftForSale(
  db: Queryable,
  memberId: number | null,
  id: number,
): Promise<PointsGoodsView> {
  const [g] = rowsOf<GiftRow>(
    await db.execute(sql`select ${COLUMNS} from points_goods g where g.id = ${id} and g.on_sale`),
  );
  if (!g) throw notFound('礼品不存在或已下架');
  return giftView(g, await pointsOf(db, memberId));
}

// ── redemption steps (under the caller's transaction) ──────────────────────────────────────────

/** A gift locked for a redemption or its reversal. */
export interface LockedGift {
  id: number;
  name: string;
  image: string;
  description: string;
  points: number;
  stock: number;
  perMember: number;
  onSale: boolean;
  goodsId: number | null;
}

/** Locks a gift row (`for update`): two redemptions of the last unit wait for each other. */
export async function lockGift(tx: Queryable, id: number): Promise<LockedGift> {
  const [g] = rowsOf<LockedGift>(
    await tx.execute(sql`select id, name, image, description, points, stock, per_member as "perMember",
      on_sale as "onSale", goods_id as "goodsId" from points_goods where id = ${id} for update`),
  );
  if (!g) throw notFound('礼品不存在或已下架');
  return g;
}

/** Takes `number` units of a locked gift; the update itself refuses to go below zero. */
export async function takeGiftStock(tx: Queryable, id: number, number: number): Promise<void> {
  const res =
    await tx.execute(sql`update points_goods set stock = stock - ${number}, redeemed = redeemed + ${number}
    where id = ${id} and stock >= ${number} returning id`);
  if (rowsOf(res).length === 0) throw new AppError('business', '该礼品库存不足');
}

/** Puts back what a cancelled points order took. */
export async function returnGiftStock(tx: Queryable, id: number, number: number): Promise<void> {
  await tx.execute(sql`update points_goods set stock = stock + ${number}, redeemed = greatest(0, redeemed - ${number})
    where id = ${id}`);
}

// ── back office ────────────────────────────────────────────────────────────────────────────────

const likeOf = (s: string) => `%${escapeLike(s)}%`;
const ADMIN_FROM = sql`from points_goods g left join goods c on c.id = g.goods_id`;

/** `GET /api/admin/points/goods`: every gift, filtered by name and sale flag. */
export async function adminGifts(
  db: Queryable,
  q: AdminPointsGoodsQuery,
): Promise<Paginated<AdminPointsGoodsView>> {
  const where: SQL[] = [sql`true`];
  if (q.keywords) where.push(sql`g.name like ${likeOf(q.keywords)}`);
  if (q.on_sale !== undefined) where.push(sql`g.on_sale = ${q.on_sale}`);
  const cond = sql.join(where, sql` and `);
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n ${ADMIN_FROM} where ${cond}`),
  );
  const rows = rowsOf<GiftRow>(
    await db.execute(sql`select ${COLUMNS}, c.name as goods_name ${ADMIN_FROM} where ${cond} ${ORDER}
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  return paginate(rows.map(adminView), c?.n ?? 0, q);
}

/** `GET /api/admin/points/goods/:id`. */
export async function adminGift(db: Queryable, id: number): Promise<AdminPointsGoodsView> {
  const [g] = rowsOf<GiftRow>(
    await db.execute(sql`select ${COLUMNS}, c.name as goods_name ${ADMIN_FROM} where g.id = ${id}`),
  );
  if (!g) throw notFound('礼品不存在');
  return adminView(g);
}

async function assertGoods(db: Queryable, goodsId: number): Promise<void> {
  if (goodsId === 0) return;
  const [g] = rowsOf(await db.execute(sql`select id from goods where id = ${goodsId}`));
  if (!g) throw invalid('goods_id', '关联商品不存在');
}

/** `POST /api/admin/points/goods`: a new gift; returns it. */
export async function createGift(
  db: Queryable,
  input: PointsGoodsInput,
  now: Date,
): Promise<AdminPointsGoodsView> {
  await assertGoods(db, input.goods_id);
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into points_goods (name, image, description, points, stock, per_member, on_sale,
      goods_id, sort, created_at) values (${input.name}, ${input.image}, ${input.description}, ${input.points},
      ${input.stock}, ${input.per_member}, ${input.on_sale}, ${input.goods_id || null}, ${input.sort}, ${now})
      returning id`),
  );
  return adminGift(db, row!.id);
}

/**
 * `POST /api/admin/points/goods/:id`: edits a gift under its row lock (a redemption taking
 * stock meanwhile waits). Returns the gift before and after, for the audit log.
 */
export async function updateGift(tx: Queryable, id: number, input: PointsGoodsInput) {
  const before = await adminGift(tx, id);
  await lockGift(tx, id);
  await assertGoods(tx, input.goods_id);
  await tx.execute(sql`update points_goods set name = ${input.name}, image = ${input.image},
    description = ${input.description}, points = ${input.points}, stock = ${input.stock},
    per_member = ${input.per_member}, on_sale = ${input.on_sale}, goods_id = ${input.goods_id || null},
    sort = ${input.sort} where id = ${id}`);
  return { before, after: await adminGift(tx, id) };
}

/** Puts a gift on or off sale; returns it before and after. */
export async function setGiftOnSale(tx: Queryable, id: number, onSale: boolean) {
  const before = await adminGift(tx, id);
  await tx.execute(sql`update points_goods set on_sale = ${onSale} where id = ${id}`);
  return { before, after: await adminGift(tx, id) };
}
