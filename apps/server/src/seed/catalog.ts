import { NEAR_EXPIRY_MONTHS } from '@kc/domain';
import type { Queryable } from '../platform/db.js';
import { saveMedia } from '../modules/content/media.js';
import {
  createBrand,
  createCategory,
  createGoodsBulk,
  createWarehouse,
  pinyinKeys,
  type NewGoods,
} from '../modules/catalog/service.js';
import { brandLogoSvg, categoryIconSvg, goodsSvg } from '../modules/catalog/images.js';
import { seedZoneAds } from './catalog-ads.js';
import { CATEGORY_TREE, WAREHOUSES } from './catalog-data.js';
import { BRANDS } from './catalog-makers.js';
import { atLeastOnePack, goodsOf, tag, type SeedIds } from './catalog-goods.js';
import { skus, type Sku } from './catalog-products.js';

/** Up to this many goods each get their own picture; bigger seeds share one per product. */
const OWN_IMAGES_UP_TO = 5000;
/** Goods written per bulk call (one transaction each). */
const BATCH = 2000;

const COLOUR = new Map(CATEGORY_TREE.map((r) => [r.name, r.colour]));

async function seedTree(db: Queryable): Promise<SeedIds> {
  const category = new Map<string, number>();
  for (const [i, root] of CATEGORY_TREE.entries()) {
    const logo = await saveMedia(db, {
      contentType: 'image/svg+xml',
      body: categoryIconSvg(root.name, root.colour),
      name: root.name,
    });
    const logo1 = await saveMedia(db, {
      contentType: 'image/svg+xml',
      body: categoryIconSvg(root.name, root.colour, true),
      name: root.name,
    });
    const rootId = await createCategory(db, { name: root.name, code: root.code, logo, logo1, sort: i + 1 });
    category.set(root.name, rootId);
    for (const [j, child] of root.children.entries()) {
      category.set(child, await createCategory(db, { name: child, parentId: rootId, sort: j + 1 }));
    }
  }
  const brandByMaker = new Map<string, number>();
  for (const [i, b] of BRANDS.entries()) {
    const logo = await saveMedia(db, {
      contentType: 'image/svg+xml',
      body: brandLogoSvg(b.name, '#c0392b'),
      name: b.name,
    });
    const id = await createBrand(db, { name: b.name, company: b.company, logo, sort: i + 1 });
    for (const m of b.makers) brandByMaker.set(m, id);
  }
  const warehouses: number[] = [];
  for (const w of WAREHOUSES) warehouses.push(await createWarehouse(db, w));
  return { category, brandByMaker, warehouses };
}

/**
 * Makes sure every zone (and the near-expiry zone) has goods even in a small seed, then
 * derives what zone membership implies: flash-sale goods are type 1 with a limit and the
 * 秒 tag, daily specials carry 特, preferred goods carry 优.
 */
function settleZones(list: NewGoods[], today: string): void {
  const want = Math.max(3, Math.min(20, Math.ceil(list.length / 100)));
  const sellable = (g: NewGoods) => g.isBuy !== false && (g.lots ?? []).length > 0 && !g.isHm;
  const top = (zone: string, eligible: (g: NewGoods) => boolean) => {
    let have = list.filter((g) => g.zones?.includes(zone)).length;
    for (let i = 7; have < want && i < list.length * 2; i += 37) {
      const g = list[i % list.length]!;
      if (!g.zones!.includes(zone) && eligible(g)) {
        g.zones!.push(zone);
        have++;
      }
    }
  };
  const drug = (g: NewGoods) =>
    !['中药饮片', '消毒产品', '第一类医疗器械', '第二类医疗器械'].includes(g.scopeClass);
  top('jm', (g) => drug(g));
  top('kx', (g) => drug(g));
  top('mrtj', sellable);
  top('spike', sellable);
  top('yx', sellable);
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCMonth(soon.getUTCMonth() + NEAR_EXPIRY_MONTHS);
  const limit = soon.toISOString().slice(0, 10);
  let near = list.filter((g) => g.lots?.some((l) => l.expiresOn < limit)).length;
  for (let i = 11; near < want && i < list.length; i += 41) {
    const lot = list[i]!.lots?.[0];
    if (lot && lot.expiresOn >= limit) {
      lot.expiresOn = new Date(new Date(`${today}T00:00:00Z`).getTime() + 90 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      near++;
    }
  }
  for (const g of list) {
    const zones = g.zones!;
    const add = (name: string) => g.tags!.some((t) => t.name === name) || g.tags!.push(tag(name));
    if (zones.includes('yx')) {
      g.isYoux = true;
      add('优');
    }
    if (zones.includes('mrtj')) add('特');
    if (zones.includes('spike')) {
      g.type = 1;
      g.qgNumber = atLeastOnePack(5, g.zbz ?? 1);
      add('秒');
    }
  }
}

async function pictures(
  db: Queryable,
  pairs: [Sku, NewGoods][],
  shared: Map<string, string>,
  own: boolean,
): Promise<void> {
  for (const [sku, g] of pairs) {
    const colour = COLOUR.get(sku.product.root) ?? '#1b5fd9';
    if (own) {
      const body = goodsSvg({
        name: g.name,
        tradeName: g.tradeName,
        ypgg: g.ypgg,
        sccj: g.sccj,
        rxClass: g.rxClass,
        colour,
      });
      g.images = [await saveMedia(db, { contentType: 'image/svg+xml', body, name: g.name })];
      continue;
    }
    let url = shared.get(g.name);
    if (!url) {
      url = await saveMedia(db, {
        contentType: 'image/svg+xml',
        body: goodsSvg({ name: g.name, rxClass: g.rxClass, colour }),
        name: g.name,
      });
      shared.set(g.name, url);
    }
    g.images = [url];
  }
}

/**
 * Seeds the catalogue through the catalogue services: the category tree, brands,
 * warehouses and `goods` goods with lots and pictures. Deterministic for a given day (lot
 * dates are relative to `today`, so the near-expiry zone always has goods).
 */
export async function seedCatalog(db: Queryable, opts: { goods: number; today?: Date }): Promise<void> {
  const today = opts.today ?? new Date();
  const day = new Date(`${today.toISOString().slice(0, 10)}T00:00:00Z`);
  const ids = await seedTree(db);
  await seedZoneAds(db);
  const generated = skus(opts.goods).map((s) => ({ s, g: goodsOf(s, ids, day) }));
  settleZones(
    generated.map((x) => x.g),
    day.toISOString().slice(0, 10),
  );
  // Written in name-pinyin order (what `CLUSTER` on the initials would do after an import):
  // goods a short query finds share heap pages, so a one-letter search reads ~1/20 of the
  // table instead of nearly all of it (docs/decisions/007-search-indexes.md).
  const byPinyin = generated
    .map((x, i) => ({ ...x, i, key: pinyinKeys(x.g.name).initials }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
  const list = byPinyin.map((x) => x.s);
  const all = byPinyin.map((x) => x.g);
  const shared = new Map<string, string>();
  for (let i = 0; i < list.length; i += BATCH) {
    const pairs = list.slice(i, i + BATCH).map((s, j): [Sku, NewGoods] => [s, all[i + j]!]);
    await pictures(db, pairs, shared, opts.goods <= OWN_IMAGES_UP_TO);
    await createGoodsBulk(
      db,
      pairs.map(([, g]) => g),
    );
  }
}
