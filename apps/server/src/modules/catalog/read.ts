import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import {
  GOODS_COUNT_CAP,
  NEAR_EXPIRY_MONTHS,
  paginate,
  RX_CLASS_LABELS,
  type GoodsDetail,
  type GoodsListPage,
  type GoodsListQuery,
  type PurchaseBlock,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import {
  POPULARITY_KEYS,
  broadPageQuery,
  estimates,
  readCount,
  wholeListQuery,
  type ListSpec,
  type SortKey,
} from './list-parts.js';
import { categoryWithDescendants, resultRows } from './menus.js';
import { keywordMatch } from './search.js';
import { brands, categories, goods, goodsLots } from './schema.js';
import { shelfFlags } from './shelf-floor.js';
import { VISITOR, forMember, goodsItem, validity, visibleTo, type ItemRow, type Viewer } from './view.js';

const day = (d: Date) => d.toISOString().slice(0, 10);
function monthsLater(d: Date, months: number): string {
  const x = new Date(d);
  x.setUTCMonth(x.getUTCMonth() + months);
  return day(x);
}

// The earliest lot's expiry lives beside the item columns; other modules import it from here.
export { validity };

/**
 * What `GET /api/goods/list` reads (filters, order, and for a keyword search the parts of its
 * ranking), from which list-parts.ts builds the statements; the search-plan test EXPLAINs them.
 */
export async function goodsListSpec(
  db: Queryable,
  q: GoodsListQuery,
  now: Date,
  viewer: Viewer = VISITOR,
): Promise<ListSpec> {
  const where: (SQL | undefined)[] = [visibleTo(viewer)];
  if (q.select) where.push(inArray(goods.categoryId, await categoryWithDescendants(db, q.select)));
  if (q.brand) where.push(eq(goods.brandId, q.brand));
  if (q.in_stock === 1) where.push(gt(goods.stock, 0), eq(goods.isBuy, true));
  if (q.zone === 'jxq') {
    where.push(sql`exists (select 1 from ${goodsLots} l where l.goods_id = ${goods}.id and l.quantity > 0
      and l.expires_on >= ${day(now)} and l.expires_on < ${monthsLater(now, NEAR_EXPIRY_MONTHS)})`);
  } else if (q.zone) {
    where.push(sql`${goods.zones} @> array[${q.zone}]::text[]`);
  }
  const match = q.keywords ? keywordMatch(q.keywords, q.type) : null;
  const dir = (fallback: 'asc' | 'desc') => ((q.order ?? fallback) === 'asc' ? 'asc' : 'desc');
  const byId = { expr: sql`${goods.id}`, dir: 'asc' } as const;
  const keys: readonly SortKey[] =
    q.sort === 'sales'
      ? [{ expr: sql`${goods.sales}`, dir: dir('desc') }, byId]
      : q.sort === 'price'
        ? [{ expr: sql`${goods.price}`, dir: dir('asc') }, byId]
        : q.sort === 'expiry'
          ? // Earliest lot first; goods without stock (no expiry) last.
            [{ expr: validity, dir: dir('asc'), nullsLast: true }, byId]
          : // Default: what can be bought now, then best sellers; a keyword search lists its
            // exact, then prefix, then other matches so (issue 3 §3).
            POPULARITY_KEYS;
  return {
    where: and(...where, match?.filter),
    base: and(...where),
    keys,
    match: q.sort === 'default' ? match : null,
  };
}

/**
 * `GET /api/goods/list`: filters, sorts and pages goods on sale. A list the planner expects to
 * hold at most `countCap` goods is ranked and counted whole. A broader one has its page read
 * from the indexes part by part (list-parts.ts), its count beside it on PostgreSQL; a keyword
 * search counts up to `countCap` only, the reply then saying `total_capped: 1` (browsing a
 * category or a zone keeps its exact count).
 */
export async function listGoods(
  db: Queryable,
  q: GoodsListQuery,
  viewer: Viewer,
  now: Date,
  countCap: number = GOODS_COUNT_CAP,
): Promise<GoodsListPage> {
  const spec = await goodsListSpec(db, q, now, viewer);
  const offset = (q.page - 1) * q.page_size;
  const est = await estimates(db, spec);
  const cap = q.keywords ? countCap : Number.MAX_SAFE_INTEGER;
  type Row = ItemRow & { validity: string | null; n?: number };
  let rows: Row[];
  let total: number;
  if (est.matches <= countCap) {
    rows = resultRows<Row>(await db.execute(wholeListQuery(spec, q.page_size, offset)));
    // Past the last page no row carries the count.
    total = rows.length ? Number(rows[0]!.n) : await readCount(db, spec.where, cap + 1);
  } else {
    const [page, counted] = await Promise.all([
      db.execute(broadPageQuery(spec, est, q.page_size, offset)),
      readCount(db, spec.where, cap + 1),
    ]);
    rows = resultRows<Row>(page);
    total = counted;
  }
  const capped = total > cap;
  const ids = rows.map((r) => r.id);
  // Both empty for a visitor; the floor's flags only for a member with a floor (decision 064).
  const [blocks, flags] = await Promise.all([blocksFor(viewer, ids), shelfFlags(db, viewer, ids, now)]);
  const floored = viewer.memberId !== null && (viewer.shelfMonths ?? 0) > 0;
  const page = paginate(
    rows.map((r) => {
      const item = forMember(goodsItem(r, r.validity, viewer.audience), blocks.get(r.id));
      return floored ? { ...item, below_floor: flags.get(r.id) ?? null } : item;
    }),
    capped ? cap : total,
    q,
  );
  return capped ? { ...page, total_capped: 1 } : page;
}

/** `GET /api/goods/detail/:id`. */
export async function goodsDetail(db: Queryable, id: number, viewer: Viewer): Promise<GoodsDetail> {
  const [row] = await db
    .select({ g: goods, validity, category: categories, brand: { id: brands.id, name: brands.name } })
    .from(goods)
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .where(and(eq(goods.id, id), visibleTo(viewer)))
    .limit(1);
  if (!row) throw new AppError('notFound', '商品不存在或已下架');
  const [parent, lots, blocks] = await Promise.all([
    row.category.parentId == null
      ? Promise.resolve([])
      : db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(eq(categories.id, row.category.parentId)),
    db
      .select({
        batch_no: goodsLots.batchNo,
        produced_on: sql<string>`${goodsLots.producedOn}::text`,
        expires_on: sql<string>`${goodsLots.expiresOn}::text`,
        number: goodsLots.quantity,
        // The batch's quality-inspection report (members open it: /api/qi_reports/:id/file).
        // Qualified by hand: drizzle leaves the outer columns unqualified, which inside the
        // subquery would name qi_reports' own goods_id and batch_no.
        qi_report_url: sql<string>`coalesce((select '/api/qi_reports/' || q.id || '/file' from qi_reports q
          where q.goods_id = "goods_lots"."goods_id" and q.batch_no = "goods_lots"."batch_no"), '')`,
      })
      .from(goodsLots)
      .where(and(eq(goodsLots.goodsId, id), gt(goodsLots.quantity, 0)))
      .orderBy(asc(goodsLots.expiresOn), asc(goodsLots.id)),
    blocksFor(viewer, [id]),
  ]);
  const { g } = row;
  return {
    ...forMember(goodsItem(g, row.validity, viewer.audience), blocks.get(id)),
    dosage_form: g.dosageForm,
    rx_class: g.rxClass,
    rx_class_name: RX_CLASS_LABELS[g.rxClass],
    scope_class: g.scopeClass,
    storage: g.storage,
    category: { id: row.category.id, name: row.category.name, parent: parent[0] ?? null },
    brand: row.brand,
    zones: g.zones,
    lots,
  };
}

/**
 * Why a member may not buy each of these goods (the viewer's purchase rules, two queries for
 * any number of goods). Visitors get none: they see 登录可见 instead of prices already.
 */
async function blocksFor(viewer: Viewer, ids: number[]): Promise<Map<number, PurchaseBlock>> {
  if (viewer.memberId === null || ids.length === 0 || !viewer.buyBlocks) return new Map();
  return viewer.buyBlocks(ids);
}
