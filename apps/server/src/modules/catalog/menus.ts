import { and, asc, eq, sql } from 'drizzle-orm';
import type { BrandSummary, Category } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { brands, categories, goods } from './schema.js';

/** Zone menus of the common data: 优选 (yx), 中药饮片 (zy), 医疗器械 (qx). */
export type MenuZone = 'yx' | 'zy' | 'qx';

/** Category codes of the roots the TCM and device zones start from. */
export const ZONE_ROOT_CODES = { zy: 'zyyp', qx: 'ylqx' } as const;

type Row = { id: number; parentId: number | null; name: string; logo: string; logo1: string; code: string };

async function allCategories(db: Queryable): Promise<Row[]> {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      logo: categories.logo,
      logo1: categories.logo1,
      code: categories.code,
    })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** Builds the two-level menu shape from rows already in display order. */
function toMenu(rows: Row[], keepRoot: (r: Row) => boolean, keepChild: (r: Row) => boolean): Category[] {
  const roots = rows.filter((r) => r.parentId === null && keepRoot(r));
  return roots.map((root) => ({
    id: root.id,
    name: root.name,
    logo: root.logo,
    logo1: root.logo1,
    children: rows
      .filter((c) => c.parentId === root.id && keepChild(c))
      .map((c) => ({ id: c.id, name: c.name })),
  }));
}

/** The category menu: every root category with its children, in display order. */
export async function categoryMenu(db: Queryable): Promise<Category[]> {
  return toMenu(
    await allCategories(db),
    () => true,
    () => true,
  );
}

/**
 * A zone's category menu. 'zy' and 'qx' are the 中药饮片 and 医疗器械 subtrees (one root with
 * its children); 'yx' keeps the roots and children that hold preferred-selection goods on sale.
 */
export async function zoneCategories(db: Queryable, zone: MenuZone): Promise<Category[]> {
  const rows = await allCategories(db);
  if (zone !== 'yx') {
    const code = ZONE_ROOT_CODES[zone];
    return toMenu(
      rows,
      (r) => r.code === code,
      () => true,
    );
  }
  const used = await db
    .selectDistinct({ id: goods.categoryId })
    .from(goods)
    .where(and(eq(goods.isYoux, true), eq(goods.onShelf, true)));
  const withGoods = new Set(used.map((u) => u.id));
  // A root counts when it or one of its children holds such goods.
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  for (const id of [...withGoods]) {
    const p = parentOf.get(id);
    if (p != null) withGoods.add(p);
  }
  return toMenu(
    rows,
    (r) => withGoods.has(r.id),
    (c) => withGoods.has(c.id),
  );
}

/** Brands for the brand zone and the common data, in display order. */
export async function brandSummaries(db: Queryable, limit = 20): Promise<BrandSummary[]> {
  return db
    .select({ id: brands.id, name: brands.name, logo: brands.logo })
    .from(brands)
    .orderBy(asc(brands.sort), asc(brands.id))
    .limit(Math.max(0, Math.min(limit, 200)));
}

/** The ids of a category and all its descendants (list filter `select`). */
export async function categoryWithDescendants(db: Queryable, id: number): Promise<number[]> {
  const rows = await db.execute(sql`
    with recursive sub(id) as (
      select ${categories.id} from ${categories} where ${categories.id} = ${id}
      union all
      select c.id from ${categories} c join sub on c.parent_id = sub.id
    )
    select id from sub`);
  return resultRows<{ id: number }>(rows).map((r) => Number(r.id));
}

/** PGlite returns `{ rows }`, node-postgres a QueryResult with `rows` too; normalise. */
export function resultRows<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}
