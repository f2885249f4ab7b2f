/**
 * Turns a SKU into a listed goods: approval number, prices, ladder, packing, flags, zones,
 * tags, sales and lots. Every value comes from a generator seeded by the SKU itself, so a
 * goods looks the same whatever the size of the seed.
 */
import type { GoodsTag, LadderTier } from '@kc/domain';
import type { NewGoods } from '../modules/catalog/goods-write.js';
import type { NewLot } from '../modules/catalog/write.js';
import { KINDS, STORAGE, WAREHOUSES } from './catalog-data.js';
import { INN_NAMES } from './catalog-inn.js';
import { makerName } from './catalog-makers.js';
import type { Sku } from './catalog-products.js';
import { between, hash, intBetween, mulberry32, pick, type Rng } from './catalog-prng.js';

export interface SeedIds {
  category: Map<string, number>;
  brandByMaker: Map<string, number>;
  warehouses: number[];
}

const PROVINCES = [
  '11',
  '12',
  '13',
  '14',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '50',
  '51',
  '52',
  '53',
  '61',
];
const digits = (n: number, rng: Rng) => String(Math.floor(rng() * 10 ** n)).padStart(n, '0');

/** 国药准字H/Z/S + 8 digits, 械注准 / 械备, 国食健注G, 卫消证字, or none for herbs. */
function approvalNo(sku: Sku): string {
  const { family } = sku.product;
  const { province } = makerName(sku.maker);
  // One approval per product, dose and maker: every pack size shares it.
  const rng = mulberry32(hash(`${sku.product.key}|${sku.maker}|approval`));
  const year = intBetween(2002, 2023, rng);
  switch (family.kind) {
    case 'yp':
      return '';
    case 'dev1':
      return `${province}械备${year}${digits(4, rng)}号`;
    case 'dev2':
      return `${province}械注准${year}2${digits(2, rng)}${digits(4, rng)}`;
    case 'food':
      return `国食健注G${year}${digits(4, rng)}`;
    case 'xd':
      return `${province}卫消证字(${year})第${digits(4, rng)}号`;
    default: {
      const letter = KINDS[family.kind].letter;
      return rng() < 0.5
        ? `国药准字${letter}${year > 2020 ? 2020 : year}${digits(4, rng)}`
        : `国药准字${letter}${pick(PROVINCES, rng)}0${digits(5, rng)}`;
    }
  }
}

const floorTo = (fen: number, step: number) => Math.floor(fen / step) * step;

function prices(sku: Sku, rng: Rng): { basePrice: number; price: number; ladder: LadderTier[] } {
  const [lo, hi] = sku.product.family.price;
  const retail = between(lo, hi, rng) * sku.spec.factor * (1 + 0.3 * sku.product.doseIndex) * 100;
  // Wholesale at 60–85% of the suggested retail price, kept within 3 to 300 yuan.
  const price = Math.min(30_000, Math.max(300, floorTo(retail * between(0.6, 0.85, rng), 10)));
  const basePrice = Math.max(price + 100, floorTo(retail, 50));
  const ladder: LadderTier[] = [];
  if (rng() < 0.25) {
    const steps = pick(
      [
        [10, 50],
        [20, 100],
        [5, 30, 100],
        [50, 200],
      ],
      rng,
    );
    steps.forEach((number, i) => ladder.push({ number, price: Math.floor(price * (0.97 - 0.03 * i)) }));
  }
  return { basePrice, price, ladder };
}

function lots(sku: Sku, today: Date, rng: Rng, nearExpiry: boolean): NewLot[] {
  const shelfMonths =
    { yp: 24, bio: 24, food: 24, xd: 24, dev1: 60, dev2: 60 }[sku.product.family.kind as string] ??
    pick([24, 36], rng);
  const count = intBetween(1, 3, rng);
  const out: NewLot[] = [];
  for (let i = 0; i < count; i++) {
    // The first lot of a near-expiry goods runs out within 1 to 5 months.
    const expires =
      nearExpiry && i === 0
        ? addDays(today, intBetween(30, 150, rng))
        : addDays(today, intBetween(200, shelfMonths * 30 - 30, rng));
    const produced = addDays(expires, -shelfMonths * 30);
    const batch = `${iso(produced).slice(2).replaceAll('-', '')}${digits(2, rng)}`;
    out.push({
      batchNo: batch,
      producedOn: iso(produced),
      expiresOn: iso(expires),
      quantity: pick([20, 50, 100, 200, 300, 500, 800, 1200, 2000], rng),
    });
  }
  return out;
}

const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const iso = (d: Date) => d.toISOString().slice(0, 10);

const TAG_TEXT: Record<string, string> = {
  优: '优选好货，品质保障',
  新: '新品上架',
  特: '每日特价',
  秒: '限时秒杀',
  满: '满1000元减50元',
  赠: '买10盒赠1盒',
  换购: '满299元可换购',
};
export const tag = (name: string): GoodsTag => ({ name, describe: TAG_TEXT[name] ?? '', is_show: 1 });

/** The goods of one SKU (images are added by the caller). */
export function goodsOf(sku: Sku, ids: SeedIds, today: Date): NewGoods {
  const { product } = sku;
  const { family } = product;
  const rng = mulberry32(hash(`${product.key}|${sku.maker}|${sku.spec.text}|${sku.copy}`));
  const maker = makerName(sku.maker).name;
  const { basePrice, price, ladder } = prices(sku, rng);
  const boxed = product.bzdw === '盒';
  const zbz = boxed ? pick([1, 5, 10, 10, 20], rng) : pick([1, 1, 2, 6, 12], rng);
  const soldOut = rng() < 0.02;
  const isYoux = rng() < 0.12;
  const drug = family.kind !== 'yp' && !family.kind.startsWith('dev') && family.kind !== 'xd';
  const zones = new Set<string>();
  if (product.root === '中药饮片') zones.add('zy');
  if (product.root === '医疗器械') zones.add('qx');
  if (drug && rng() < 0.07) zones.add('jm');
  if (drug && rng() < 0.08) zones.add('kx');
  if (isYoux) zones.add('yx');
  if (rng() < 0.05) zones.add('mrtj');
  if (!soldOut && !family.hm && rng() < 0.012) zones.add('spike');
  const brandId = ids.brandByMaker.get(maker) ?? null;
  if (brandId) zones.add('ppzq');
  const free = rng() < 0.1;
  const dpby = free && rng() < 0.5;
  const tags: GoodsTag[] = [];
  if (isYoux) tags.push(tag('优'));
  if (rng() < 0.05) tags.push(tag('新'));
  if (rng() < 0.1) tags.push(tag('满'));
  if (rng() < 0.03) tags.push(tag('赠'));
  if (rng() < 0.02) tags.push(tag('换购'));
  const wh =
    (pickWarehouse(hash(`${product.key}|${sku.maker}|${sku.spec.text}`)) + sku.copy) % ids.warehouses.length;
  return {
    name: product.name,
    tradeName: family.trade[sku.maker] ?? '',
    ypgg: sku.spec.text,
    sccj: maker,
    approvalNo: approvalNo(sku),
    innName: INN_NAMES[family.base] ?? '',
    dosageForm: product.dosage,
    rxClass: family.rx,
    scopeClass: KINDS[family.kind].scope,
    storage: STORAGE[family.storage],
    isHm: family.hm,
    categoryId: ids.category.get(family.cat)!,
    brandId,
    ckId: ids.warehouses[wh]!,
    zones: [...zones],
    basePrice,
    price,
    ladderPrice: ladder,
    bzdw: product.bzdw,
    zbz,
    jzl: boxed ? pick([100, 200, 240, 300, 400, 600], rng) : pick([20, 40, 50, 60, 100], rng),
    isBuy: rng() >= 0.015,
    // 含麻 goods carry a purchase limit; so do a few others. Never below the middle pack, or no
    // quantity could be bought (purchaseLimitProblem refuses it).
    qgNumber: atLeastOnePack(family.hm ? 20 : rng() < 0.06 ? pick([5, 10, 20, 50], rng) : 0, zbz),
    isFreeShipping: free,
    isDpby: dpby,
    freeShippingNumber: dpby ? zbz * pick([2, 3, 5], rng) : 0,
    isYoux,
    tags,
    sales: Math.floor(30_000 * rng() ** 4),
    lots: soldOut ? [] : lots(sku, today, rng, rng() < 0.08),
  };
}

/** A purchase limit raised to one middle pack where it was below it (0 stays: no limit). */
export function atLeastOnePack(limit: number, zbz: number): number {
  return limit > 0 && limit < zbz ? zbz : limit;
}

function pickWarehouse(seed: number): number {
  const total = WAREHOUSES.reduce((n, w) => n + w.weight, 0);
  let r = ((seed % 1000) / 1000) * total;
  for (const [i, w] of WAREHOUSES.entries()) {
    r -= w.weight;
    if (r < 0) return i;
  }
  return 0;
}
