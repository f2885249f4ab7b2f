import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { paginate, type FavoriteListQuery, type GoodsItem, type Paginated } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { goods } from '../catalog/schema.js';
import { validity } from '../catalog/read.js';
import { goodsItem, priceAudience } from '../catalog/view.js';
import { favorites } from './schema.js';

/** A favourite as listed: the goods item (prices by audience) plus when it was added. */
export type FavoriteItem = GoodsItem & { is_favorite: 1; favorited_at: string };

/** Unknown or delisted goods cannot be favourited: 404 naming the ids. */
async function requireListedGoods(db: Queryable, ids: number[]): Promise<void> {
  const found = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.id, ids), eq(goods.onShelf, true)));
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new AppError('notFound', `商品不存在或已下架（ID：${missing.join('、')}）`, undefined, {
      goods_ids: missing,
    });
  }
}

/** `POST /api/favorite`: idempotent; adding a favourite again keeps its first date. */
export async function addFavorites(db: Queryable, memberId: number, ids: number[], now: Date): Promise<void> {
  await requireListedGoods(db, ids);
  await db
    .insert(favorites)
    .values(ids.map((goodsId) => ({ memberId, goodsId, createdAt: now })))
    .onConflictDoNothing();
}

/** `POST /api/favorite/cancel`: idempotent; only the caller's own rows are touched. */
export async function cancelFavorites(db: Queryable, memberId: number, ids: number[]): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.memberId, memberId), inArray(favorites.goodsId, ids)));
}

/** `GET /api/favorite`: the member's favourites, newest first, as goods items. */
export async function listFavorites(
  db: Queryable,
  memberId: number,
  q: FavoriteListQuery,
): Promise<Paginated<FavoriteItem>> {
  const mine = eq(favorites.memberId, memberId);
  const [audience, rows, [count]] = await Promise.all([
    priceAudience(db, memberId),
    db
      .select({ g: goods, validity, at: favorites.createdAt })
      .from(favorites)
      .innerJoin(goods, eq(goods.id, favorites.goodsId))
      .where(mine)
      .orderBy(desc(favorites.createdAt), desc(favorites.goodsId))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .where(mine),
  ]);
  const list = rows.map((r) => ({
    ...goodsItem(r.g, r.validity, audience),
    is_favorite: 1 as const,
    favorited_at: r.at.toISOString(),
  }));
  return paginate(list, count?.n ?? 0, q);
}

/** Which of `ids` the member has favourited (for the detail page's button). */
export async function favoritedAmong(db: Queryable, memberId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: favorites.goodsId })
    .from(favorites)
    .where(and(eq(favorites.memberId, memberId), inArray(favorites.goodsId, ids)));
  return rows.map((r) => r.id);
}
