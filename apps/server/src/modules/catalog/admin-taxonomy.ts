import { asc, eq, sql } from 'drizzle-orm';
import {
  listingBan,
  type AdminBrand,
  type AdminBrandInput,
  type AdminCategory,
  type AdminCategoryInput,
  type AdminWarehouse,
  type KxReleaseView,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { business, invalid, notFound } from '../../platform/errors.js';
import { brands, categories, kxReleases, warehouses } from './schema.js';
import { createBrand, createCategory, createWarehouse, inTransaction, pathIn } from './write.js';

/** Categories, brands, warehouses and 控销 releases as the back office manages them. */

/** `GET /api/admin/categories`: every category (a flat list with `parent_id`; the client builds the tree). */
export async function adminCategories(db: Queryable): Promise<AdminCategory[]> {
  return rowsOf<AdminCategory>(
    await db.execute(sql`
      select c.id, coalesce(c.parent_id, 0) as parent_id, c.name, c.code, c.logo, c.sort,
        (select count(*)::int from goods g where g.category_id = c.id) as goods_count
      from categories c order by c.sort, c.id`),
  );
}

export async function adminCategory(db: Queryable, id: number): Promise<AdminCategory> {
  const found = (await adminCategories(db)).find((c) => c.id === id);
  if (!found) throw notFound('分类不存在');
  return found;
}

/** `POST /api/admin/categories`. */
export function addCategory(db: Queryable, b: AdminCategoryInput): Promise<number> {
  return createCategory(db, {
    name: b.name,
    parentId: b.parent_id || null,
    sort: b.sort,
    code: b.code,
    logo: b.logo,
  });
}

/**
 * `POST /api/admin/categories/:id`: renames or moves a category. A move under itself or one of
 * its descendants is refused (a cycle), and so is a name or place the online-sale ban covers.
 */
export async function updateCategory(db: Queryable, id: number, b: AdminCategoryInput): Promise<void> {
  await inTransaction(db, async (tx) => {
    const all = await tx
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
      .from(categories)
      .for('update');
    const byId = new Map(all.map((c) => [c.id, c]));
    if (!byId.has(id)) throw notFound('分类不存在');
    const parentId = b.parent_id || null;
    if (parentId !== null) {
      if (!byId.has(parentId)) throw invalid('parent_id', '上级分类不存在');
      for (let cur: number | null = parentId, depth = 0; cur !== null && depth < 50; depth++) {
        if (cur === id) throw invalid('parent_id', '不能移动到自身或其下级分类之下');
        cur = byId.get(cur)?.parentId ?? null;
      }
    }
    const path = [...(parentId === null ? [] : (pathIn(byId, parentId) ?? [])), b.name];
    const ban = listingBan(path);
    if (ban) throw business(ban.message);
    await tx
      .update(categories)
      .set({ name: b.name, parentId, sort: b.sort, code: b.code, logo: b.logo })
      .where(eq(categories.id, id));
  });
}

/** `GET /api/admin/brands`. */
export async function adminBrands(db: Queryable): Promise<AdminBrand[]> {
  return rowsOf<AdminBrand>(
    await db.execute(sql`
      select b.id, b.name, b.company, b.logo, b.description, b.sort,
        (select count(*)::int from goods g where g.brand_id = b.id) as goods_count
      from brands b order by b.sort, b.id`),
  );
}

export async function adminBrand(db: Queryable, id: number): Promise<AdminBrand> {
  const found = (await adminBrands(db)).find((b) => b.id === id);
  if (!found) throw notFound('品牌不存在');
  return found;
}

export const addBrand = (db: Queryable, b: AdminBrandInput) => createBrand(db, b);

export async function updateBrand(db: Queryable, id: number, b: AdminBrandInput): Promise<void> {
  const done = await db.update(brands).set(b).where(eq(brands.id, id)).returning({ id: brands.id });
  if (done.length === 0) throw notFound('品牌不存在');
}

/** `GET /api/admin/warehouses`. */
export async function adminWarehouses(db: Queryable): Promise<AdminWarehouse[]> {
  return db
    .select({ id: warehouses.id, name: warehouses.name, region: warehouses.region })
    .from(warehouses)
    .orderBy(asc(warehouses.id));
}

export const addWarehouse = (db: Queryable, w: { name: string; region: string }) => createWarehouse(db, w);

export async function updateWarehouse(db: Queryable, id: number, w: { name: string; region: string }) {
  const done = await db
    .update(warehouses)
    .set(w)
    .where(eq(warehouses.id, id))
    .returning({ id: warehouses.id });
  if (done.length === 0) throw notFound('仓库不存在');
}

/** `GET /api/admin/kx_releases?goods_id=`: the 控销 release rules of one goods. */
export async function kxReleasesOf(db: Queryable, goodsId: number): Promise<KxReleaseView[]> {
  const rows = await db
    .select()
    .from(kxReleases)
    .where(eq(kxReleases.goodsId, goodsId))
    .orderBy(asc(kxReleases.id));
  return rows.map((r) => ({
    id: r.id,
    goods_id: r.goodsId,
    buyer_group: r.buyerGroup,
    region: r.region,
    created_at: r.createdAt.toISOString(),
  }));
}

/** `DELETE /api/admin/kx_releases/:id`: returns the rule removed (for the audit log). */
export async function deleteKxRelease(db: Queryable, id: number): Promise<KxReleaseView> {
  const [r] = await db.delete(kxReleases).where(eq(kxReleases.id, id)).returning();
  if (!r) throw notFound('控销授权不存在');
  return {
    id: r.id,
    goods_id: r.goodsId,
    buyer_group: r.buyerGroup,
    region: r.region,
    created_at: r.createdAt.toISOString(),
  };
}
