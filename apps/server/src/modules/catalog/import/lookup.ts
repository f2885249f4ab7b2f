import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../../platform/db.js';
import { pathIn } from '../write.js';

/** The catalogue's small tables, read once a file: categories by path and name, brands, warehouses. */
export interface Lookups {
  categoryByPath: Map<string, number>;
  categoryByLeaf: Map<string, number[]>;
  categoryNames: Map<number, string[]>;
  brandByName: Map<string, number>;
  brandName: Map<number, string>;
  warehouseByName: Map<string, number>;
  warehouseName: Map<number, string>;
}

export async function loadLookups(db: Queryable): Promise<Lookups> {
  const cats = rowsOf<{ id: number; parentId: number | null; name: string }>(
    await db.execute(sql`select id, parent_id as "parentId", name from categories`),
  );
  const byId = new Map(cats.map((c) => [c.id, c]));
  const l: Lookups = {
    categoryByPath: new Map(),
    categoryByLeaf: new Map(),
    categoryNames: new Map(),
    brandByName: new Map(),
    brandName: new Map(),
    warehouseByName: new Map(),
    warehouseName: new Map(),
  };
  for (const c of cats) {
    const names = pathIn(byId, c.id) ?? [c.name];
    l.categoryNames.set(c.id, names);
    l.categoryByPath.set(names.join('/'), c.id);
    l.categoryByLeaf.set(c.name, [...(l.categoryByLeaf.get(c.name) ?? []), c.id]);
  }
  const brands = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from brands order by id`),
  );
  for (const b of brands) {
    if (!l.brandByName.has(b.name)) l.brandByName.set(b.name, b.id);
    l.brandName.set(b.id, b.name);
  }
  const whs = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from warehouses order by id`),
  );
  for (const w of whs) {
    if (!l.warehouseByName.has(w.name)) l.warehouseByName.set(w.name, w.id);
    l.warehouseName.set(w.id, w.name);
  }
  return l;
}

/** A category by path ('西药/抗感染药', '/' or '>' between levels) or by a name only one category has. */
export function findCategory(l: Lookups, text: string): { id: number } | { message: string } {
  const path = text
    .split(/[/>＞／]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join('/');
  const byPath = l.categoryByPath.get(path);
  if (byPath) return { id: byPath };
  const leaf = l.categoryByLeaf.get(path);
  if (leaf?.length === 1) return { id: leaf[0]! };
  if (leaf && leaf.length > 1) return { message: `分类“${text}”不唯一，请填写完整路径，如 西药/抗感染药` };
  return { message: `分类“${text}”不存在` };
}

/** A warehouse by name; empty means the only warehouse when there is just one. */
export function findWarehouse(l: Lookups, text: string): { id: number } | { message: string } {
  if (!text) {
    if (l.warehouseName.size === 1) return { id: [...l.warehouseName.keys()][0]! };
    return { message: '有多个仓库，请填写仓库' };
  }
  const id = l.warehouseByName.get(text);
  return id ? { id } : { message: `仓库“${text}”不存在` };
}

/** The SKU key: generic name, specification, maker and warehouse (goods_sku_uq). */
export const skuKey = (name: string, ypgg: string, sccj: string, ckId: number) =>
  `${name}\u0001${ypgg}\u0001${sccj}\u0001${ckId}`;

export interface GoodsIdentity {
  id: number;
  name: string;
  ypgg: string;
  sccj: string;
  ckId: number;
}

/** Goods by id (one statement for a batch). */
export async function goodsByIds(db: Queryable, ids: number[]): Promise<Map<number, GoodsIdentity>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute(sql`
    select id, name, ypgg, sccj, ck_id as "ckId" from goods
    where id = any(${sql.param(ids)}::int[])`);
  return new Map(rowsOf<GoodsIdentity>(res).map((g) => [g.id, g]));
}

/**
 * Goods by name, specification and maker (any warehouse), for a batch: the unique SKU index
 * serves the join. Answers every match keyed by name|spec|maker.
 */
export async function goodsBySku(
  db: Queryable,
  keys: { name: string; ypgg: string; sccj: string }[],
): Promise<Map<string, GoodsIdentity[]>> {
  const out = new Map<string, GoodsIdentity[]>();
  if (keys.length === 0) return out;
  const res = await db.execute(sql`
    select g.id, g.name, g.ypgg, g.sccj, g.ck_id as "ckId"
    from unnest(${sql.param(keys.map((k) => k.name))}::text[], ${sql.param(keys.map((k) => k.ypgg))}::text[],
      ${sql.param(keys.map((k) => k.sccj))}::text[]) as k(name, ypgg, sccj)
    join goods g on g.name = k.name and g.ypgg = k.ypgg and g.sccj = k.sccj`);
  for (const g of rowsOf<GoodsIdentity>(res)) {
    const key = productKey(g.name, g.ypgg, g.sccj);
    const list = out.get(key) ?? [];
    if (!list.some((x) => x.id === g.id)) list.push(g);
    out.set(key, list);
  }
  return out;
}

export const productKey = (name: string, ypgg: string, sccj: string) => `${name}\u0001${ypgg}\u0001${sccj}`;

/**
 * A 53-bit hash of a text (cyrb53), for the keys a file's check keeps per row. Two different
 * keys share one with a chance of about n² / 2⁵⁴ (2 in a million for 200,000 rows); the cost of
 * one would be a duplicate reported that is not one, which the operator sees.
 */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
