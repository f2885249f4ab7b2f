import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { chinaDate, kxReleased, purchaseBlocksFor, type BuyerFacts, type PurchaseBlock } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { members, qualificationDocuments } from '../account/schema.js';
import { categories, goods } from '../catalog/schema.js';
import { isKxSql, kxVisibilitySql } from '../catalog/service.js';

export { kxReleased };

/**
 * The facts the rules need about a buyer (member row + live documents) as ONE json value, null
 * when there is no such member: a fragment other queries embed (the cart's snapshot reads it in
 * the same statement as the lines).
 */
export function buyerFactsJsonSql(memberId: number): SQL {
  return sql`(select json_build_object('status', m.status, 'companyType', m.company_type,
      'region', m.region, 'scope', m.business_scope,
      'documents', coalesce((
        select json_agg(json_build_object('type', d.type, 'status', d.status, 'validTo', d.valid_to))
        from ${qualificationDocuments} d
        where d.member_id = m.id and d.status in ('approved', 'pending')
      ), '[]'::json))
    from ${members} m where m.id = ${memberId})`;
}

/** The facts the rules need about a buyer, in one query. */
export async function buyerFacts(db: Queryable, memberId: number): Promise<BuyerFacts | null> {
  const res = await db.execute(sql`select ${buyerFactsJsonSql(memberId)}::text as buyer`);
  const [row] = rowsOf<{ buyer: string | null }>(res);
  return row?.buyer ? (JSON.parse(row.buyer) as BuyerFacts) : null;
}

/** What the purchase rules need to know of one goods, as `goodsFacts` and the cart snapshot read it. */
export interface GoodsFactRow {
  id: number;
  name: string;
  tradeName: string;
  scopeClass: string;
  isHm: boolean;
  qgNumber: number;
  isKx: boolean;
  /** For a 控销 goods: whether a release rule opens it to this member. */
  visible: boolean;
  category: string | null;
}

/**
 * Why the member may not buy each of these goods: only blocked goods are in the map. Two
 * queries whatever the number of lines, sent side by side (buyer facts; the goods with their
 * release state).
 * `number` is the quantity wanted (for the 含麻 per-order limit); default 1.
 */
export async function purchaseBlocks(
  db: Queryable,
  memberId: number | null,
  lines: readonly { goodsId: number; number?: number }[],
  now: Date,
): Promise<Map<number, PurchaseBlock>> {
  if (lines.length === 0) return new Map();
  // The buyer's facts and the goods' facts do not depend on each other: one round trip, not two.
  const [buyer, rows] = await Promise.all([
    memberId === null ? Promise.resolve(null) : buyerFacts(db, memberId),
    goodsFacts(db, memberId, [...new Set(lines.map((l) => l.goodsId))]),
  ]);
  return blocksFrom(buyer, rows, lines, now);
}

/**
 * The rules (`purchaseBlocksFor`, packages/domain) applied to facts already read, no query:
 * `purchaseBlocks` after its two queries, and the cart, which reads the same facts in its own
 * statement.
 */
export function blocksFrom(
  buyer: BuyerFacts | null,
  rows: readonly GoodsFactRow[],
  lines: readonly { goodsId: number; number?: number }[],
  now: Date,
): Map<number, PurchaseBlock> {
  const goodsFacts = rows.map((g) => ({
    id: g.id,
    name: g.name,
    scopeClass: g.scopeClass,
    banTexts: [g.name, g.tradeName, g.scopeClass, g.category ?? ''],
    isHm: g.isHm,
    hmLimit: g.qgNumber,
    isKx: g.isKx,
    kxReleased: g.visible,
  }));
  return purchaseBlocksFor(buyer, goodsFacts, lines, chinaDate(now));
}

/** What the purchase rules need to know of each goods (and whether this member may see a 控销 one). */
export function goodsFacts(db: Queryable, memberId: number | null, ids: number[]): Promise<GoodsFactRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: goods.id,
      name: goods.name,
      tradeName: goods.tradeName,
      scopeClass: goods.scopeClass,
      isHm: goods.isHm,
      qgNumber: goods.qgNumber,
      isKx: isKxSql,
      visible: memberId === null ? sql<boolean>`false` : sql<boolean>`${kxVisibilitySql(memberId)}`,
      category: categories.name,
    })
    .from(goods)
    .leftJoin(categories, eq(categories.id, goods.categoryId))
    .where(inArray(goods.id, ids));
}

/** The order flow calls this before placing an order: 459 until the e-contract is signed. */
export async function assertContractSigned(db: Queryable, memberId: number): Promise<void> {
  const [m] = await db
    .select({ signedAt: members.contractSignedAt })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!m?.signedAt) throw new AppError('eContract', '请先签署电子合同');
}
