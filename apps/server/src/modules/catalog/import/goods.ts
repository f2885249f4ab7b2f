import { sql } from 'drizzle-orm';
import {
  SCOPE_CLASSES,
  cellInt,
  cellLadder,
  cellList,
  cellRxClass,
  cellYesNo,
  cellYuan,
  cellZones,
  ladderProblem,
  listingBan,
  purchaseLimitProblem,
  type GoodsTag,
  type LadderTier,
  type RxClass,
} from '@kc/domain';
import { rowsOf, type Queryable, type Tx } from '../../../platform/db.js';
import { goods } from '../schema.js';
import { searchColumns } from '../search-keys.js';
import { insertRows, updateByColumns } from './bulk-rows.js';
import type { Columns, RowReader } from './columns.js';
import { findCategory, findWarehouse, hash53, loadLookups, productKey, skuKey } from './lookup.js';
import type { Checked, ImportPlan } from './run.js';

type Key =
  | 'id'
  | 'name'
  | 'tradeName'
  | 'ypgg'
  | 'sccj'
  | 'approvalNo'
  | 'innName'
  | 'dosageForm'
  | 'rxClass'
  | 'scopeClass'
  | 'category'
  | 'brand'
  | 'warehouse'
  | 'bzdw'
  | 'zbz'
  | 'jzl'
  | 'basePrice'
  | 'price'
  | 'ladder'
  | 'qgNumber'
  | 'zones'
  | 'tags'
  | 'storage'
  | 'isHm'
  | 'onShelf'
  | 'isFreeShipping'
  | 'freeShippingNumber'
  | 'images';

/** The goods columns a row sets (goods table property names); absent columns are left out. */
type GoodsSet = Record<string, unknown> & {
  name: string;
  tradeName: string;
  ypgg: string;
  sccj: string;
  approvalNo: string;
  innName: string;
};

/** A checked goods row: `id` null creates. */
interface GoodsRow {
  id: number | null;
  set: GoodsSet;
}

interface Existing {
  id: number;
  name: string;
  ypgg: string;
  sccj: string;
  ckId: number;
  tradeName: string;
  approvalNo: string;
  innName: string;
  tags: GoodsTag[];
}

const DEFAULTS = {
  dosageForm: '',
  rxClass: 'none' as RxClass,
  storage: '常温',
  isHm: false,
  brandId: null as number | null,
  zones: [] as string[],
  images: [] as string[],
  basePrice: 0,
  ladderPrice: [] as LadderTier[],
  ladderPriceType: 0,
  bzdw: '盒',
  zbz: 1,
  jzl: 0,
  qgNumber: 0,
  isFreeShipping: false,
  freeShippingNumber: 0,
  tags: [] as GoodsTag[],
  onShelf: true,
};

const IMAGE_RE = /^(https?:\/\/|\/)\S+$/;

/** The goods import (GOODS_COLUMNS): creates, or updates by ID or by SKU. */
export async function goodsPlan(db: Queryable, columns: Columns): Promise<ImportPlan<GoodsRow>> {
  const c = columns as Columns<Key>;
  const l = await loadLookups(db);
  // What the file has shown so far, as 53-bit hashes of the keys (a number a row instead of
  // a string: 200,000 rows keep ~10 MB here, not ~60 MB of strings for the collector to walk).
  const seenSku = new Map<number, number>();
  const seenId = new Map<number, number>();
  const seenApproval = new Map<number, { product: number; row: number }>();
  const approvalOwners = await existingApprovals(db);

  const parse = (r: RowReader<Key>) => {
    const idText = r.text('id');
    const id = idText ? r.read('id', (t) => cellInt(t, 1), 0) || null : null;
    const name = r.required('name', 100);
    const tradeName = r.optional('tradeName', 100);
    const ypgg = r.required('ypgg', 100);
    const sccj = r.required('sccj', 100);
    const approvalNo = r.optional('approvalNo', 60);
    const innName = r.optional('innName', 100);
    const scopeClass = r.required('scopeClass', 30);
    const categoryText = r.required('category', 100);
    const set: GoodsSet = { name, tradeName, ypgg, sccj, approvalNo, innName, scopeClass };
    let categoryId = 0;
    if (categoryText) {
      const found = findCategory(l, categoryText);
      if ('id' in found) categoryId = found.id;
      else r.error('category', found.message);
    }
    set.categoryId = categoryId;
    const catNames = l.categoryNames.get(categoryId) ?? [];
    const ban = listingBan([...catNames, scopeClass, name, tradeName]);
    if (ban) {
      const where: Key =
        ban.matched === scopeClass
          ? 'scopeClass'
          : ban.matched === name
            ? 'name'
            : ban.matched === tradeName
              ? 'tradeName'
              : 'category';
      r.error(where, ban.message);
    } else if (scopeClass && !(SCOPE_CLASSES as readonly string[]).includes(scopeClass)) {
      r.error('scopeClass', `经营范围只能是：${SCOPE_CLASSES.join('、')}`);
    }
    const wh = findWarehouse(l, r.text('warehouse'));
    let ckId = 0;
    if ('id' in wh) ckId = wh.id;
    else r.error('warehouse', wh.message);
    set.ckId = ckId;
    const price = r.read('price', (t) => cellYuan(t, null), 0);
    if (r.text('price') && price <= 0) r.error('price', '必须大于0');
    set.price = price;
    if (c.has('basePrice')) set.basePrice = r.read('basePrice', (t) => cellYuan(t), 0);
    if (c.has('ladder')) {
      const ladder = r.read('ladder', cellLadder, []);
      const problem = price > 0 ? ladderProblem(price, ladder) : null;
      if (problem) r.error('ladder', problem);
      set.ladderPrice = ladder;
      set.ladderPriceType = ladder.length > 0 ? 1 : 0;
    }
    if (c.has('dosageForm')) set.dosageForm = r.optional('dosageForm', 30);
    if (c.has('rxClass')) set.rxClass = r.read('rxClass', cellRxClass, 'none');
    if (c.has('brand')) {
      const b = r.text('brand');
      const brandId = b ? l.brandByName.get(b) : null;
      if (brandId === undefined) r.error('brand', `品牌“${b}”不存在`);
      set.brandId = brandId ?? null;
    }
    if (c.has('bzdw')) set.bzdw = r.optional('bzdw', 10) || '盒';
    if (c.has('zbz')) set.zbz = r.read('zbz', (t) => cellInt(t, 1, 1), 1);
    if (c.has('jzl')) set.jzl = r.read('jzl', (t) => cellInt(t, 0), 0);
    if (c.has('qgNumber')) {
      set.qgNumber = r.read('qgNumber', (t) => cellInt(t, 0), 0);
      // The limit against the row's packs (a new goods' middle pack defaults to 1).
      const limit = purchaseLimitProblem({
        qgNumber: set.qgNumber as number,
        zbz: (set.zbz as number | undefined) ?? 1,
        jzl: (set.jzl as number | undefined) ?? 0,
        roundToCase: false,
        bzdw: set.bzdw as string | undefined,
      });
      if (limit) r.error('qgNumber', limit);
    }
    if (c.has('zones')) set.zones = r.read('zones', cellZones, []);
    if (c.has('storage')) set.storage = r.optional('storage', 30) || '常温';
    if (c.has('isHm')) set.isHm = r.read('isHm', cellYesNo, false);
    if (c.has('onShelf')) set.onShelf = r.text('onShelf') ? r.read('onShelf', cellYesNo, true) : true;
    if (c.has('isFreeShipping')) set.isFreeShipping = r.read('isFreeShipping', cellYesNo, false);
    if (c.has('freeShippingNumber'))
      set.freeShippingNumber = r.read('freeShippingNumber', (t) => cellInt(t, 0), 0);
    if (c.has('images')) {
      const images = cellList(r.text('images'));
      const badUrl = images.find((u) => !IMAGE_RE.test(u) || u.length > 500);
      if (badUrl) r.error('images', `图片地址须以http(s)://或/开头：${badUrl.slice(0, 60)}`);
      set.images = images;
    }
    const tagNames = c.has('tags') ? cellList(r.text('tags')) : null;
    if (tagNames?.some((t) => t.length > 10)) r.error('tags', '每个标签不能超过10个字');
    return { id, set, tagNames };
  };

  return {
    async check(batch) {
      const rows = batch as RowReader<Key>[];
      const drafts = rows.map(parse);
      const ids = [...new Set(drafts.flatMap((d) => (d.id ? [d.id] : [])))];
      const products = drafts.map((d) => ({ name: d.set.name, ypgg: d.set.ypgg, sccj: d.set.sccj }));
      const [byId, bySku] = await Promise.all([existingByIds(db, ids), existingBySku(db, products)]);
      return drafts.map((d, i): Checked<GoodsRow> => {
        const r = rows[i]!;
        const { set } = d;
        const sku = skuKey(set.name, set.ypgg, set.sccj, set.ckId as number);
        const skuOwner = bySku.get(sku);
        let target: Existing | undefined;
        if (d.id) {
          target = byId.get(d.id);
          if (!target) r.error('id', `商品ID ${d.id} 不存在`);
          else if (skuOwner && skuOwner.id !== d.id)
            r.error('name', `通用名+规格+生产厂家+仓库与商品ID ${skuOwner.id} 相同`);
          const first = seenId.get(d.id);
          if (first) r.error('id', `与第${first}行的商品ID重复`);
          else seenId.set(d.id, r.row);
        } else target = skuOwner;
        if (set.ckId) {
          const key = hash53(sku);
          const first = seenSku.get(key);
          if (first) r.error('name', `与第${first}行是同一商品（通用名+规格+生产厂家+仓库相同）`);
          else seenSku.set(key, r.row);
        }
        // A goods keeping the approval number it has is never refused for it: the import
        // refuses new conflicts, not data the catalogue already holds (an exported file must
        // import back even where two products share a number).
        const kept = target !== undefined && target.approvalNo === set.approvalNo;
        if (set.approvalNo && !kept) {
          const product = `${set.name}\u0001${set.sccj}`;
          const key = hash53(set.approvalNo);
          const first = seenApproval.get(key);
          if (first && first.product !== hash53(product))
            r.error('approvalNo', `批准文号与第${first.row}行重复`);
          else if (!first) seenApproval.set(key, { product: hash53(product), row: r.row });
          const other = (approvalOwners.get(set.approvalNo) ?? []).find(
            (g) => g.id !== target?.id && `${g.name}\u0001${g.sccj}` !== product,
          );
          if (other) r.error('approvalNo', `批准文号已被商品ID ${other.id}（${other.name}）使用`);
        }
        if (r.errors.length > 0) return { value: null, action: target ? 'update' : 'create' };
        if (d.tagNames) {
          const old = new Map((target?.tags ?? []).map((t) => [t.name, t]));
          set.tags = d.tagNames.map((name) => old.get(name) ?? { name, describe: '', is_show: 1 });
        }
        if (target) {
          if (!c.has('tradeName')) set.tradeName = target.tradeName;
          if (!c.has('approvalNo')) set.approvalNo = target.approvalNo;
          if (!c.has('innName')) set.innName = target.innName;
          return { value: { id: target.id, set }, action: 'update' };
        }
        return { value: { id: null, set: { ...DEFAULTS, ...set } }, action: 'create' };
      });
    },

    async write(tx: Tx, rows: GoodsRow[]) {
      const withKeys = (set: GoodsSet) => {
        // The same search columns as every other write (approval number and INN included).
        return { ...set, ...searchColumns(set) };
      };
      const creates = rows.filter((r) => r.id === null).map((r) => withKeys(r.set));
      const updates = rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, ...withKeys(r.set) }));
      await insertRows(tx, goods, creates);
      await updateByColumns(tx, goods, updates, [sql`updated_at = now()`]);
      return { created: creates.length, updated: updates.length };
    },
  };
}

async function existingByIds(db: Queryable, ids: number[]): Promise<Map<number, Existing>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute(sql`
    select id, name, ypgg, sccj, ck_id as "ckId", trade_name as "tradeName",
      approval_no as "approvalNo", inn_name as "innName", tags
    from goods where id = any(${sql.param(ids)}::int[])`);
  return new Map(rowsOf<Existing>(res).map((g) => [g.id, g]));
}

/** Existing goods by SKU key (skuKey): the unique SKU index serves the join. */
async function existingBySku(
  db: Queryable,
  keys: { name: string; ypgg: string; sccj: string }[],
): Promise<Map<string, Existing>> {
  const uniq = new Map(keys.map((k) => [productKey(k.name, k.ypgg, k.sccj), k]));
  if (uniq.size === 0) return new Map();
  const list = [...uniq.values()];
  const res = await db.execute(sql`
    select g.id, g.name, g.ypgg, g.sccj, g.ck_id as "ckId", g.trade_name as "tradeName",
      g.approval_no as "approvalNo", g.inn_name as "innName", g.tags
    from unnest(${sql.param(list.map((k) => k.name))}::text[], ${sql.param(list.map((k) => k.ypgg))}::text[],
      ${sql.param(list.map((k) => k.sccj))}::text[]) as k(name, ypgg, sccj)
    join goods g on g.name = k.name and g.ypgg = k.ypgg and g.sccj = k.sccj`);
  return new Map(rowsOf<Existing>(res).map((g) => [skuKey(g.name, g.ypgg, g.sccj, g.ckId), g]));
}

/**
 * Every approval number the catalogue holds, with the goods holding it, read once a file. The
 * only index on approval_no is a trigram GIN for search; an equality lookup through it costs
 * ~7 ms a number (the 国药准字 trigrams are in every row), so a 1,000-row batch took 7 s.
 * One scan of the column is ~0.3 s for 200,000 goods and a map of a few tens of MB.
 */
async function existingApprovals(
  db: Queryable,
): Promise<Map<string, { id: number; name: string; sccj: string }[]>> {
  const out = new Map<string, { id: number; name: string; sccj: string }[]>();
  const res = await db.execute(sql`
    select id, name, sccj, approval_no as "approvalNo" from goods where approval_no <> '' order by id`);
  for (const g of rowsOf<{ id: number; name: string; sccj: string; approvalNo: string }>(res)) {
    const list = out.get(g.approvalNo);
    const owner = { id: g.id, name: g.name, sccj: g.sccj };
    if (list) list.push(owner);
    else out.set(g.approvalNo, [owner]);
  }
  return out;
}
