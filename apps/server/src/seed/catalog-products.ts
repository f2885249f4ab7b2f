/**
 * Expands the product families into products (one name and dose) with their specifications
 * and makers, and enumerates distinct SKUs (product × maker × specification × warehouse)
 * in an order that spreads a small seed across every category and maker.
 */
import { CATEGORY_TREE, FORMS, KINDS } from './catalog-data.js';
import { MAKERS } from './catalog-makers.js';
import { HERB_FAMILIES, DEVICE_FAMILIES, FOOD_FAMILIES, OTHER_FAMILIES } from './catalog-families-other.js';
import { WESTERN_FAMILIES } from './catalog-families-xy.js';
import { TCM_FAMILIES } from './catalog-families-zcy.js';
import type { Family } from './catalog-family.js';
import { hash, mulberry32, shuffle } from './catalog-prng.js';

export const FAMILIES: Family[] = [
  ...WESTERN_FAMILIES,
  ...TCM_FAMILIES,
  ...HERB_FAMILIES,
  ...DEVICE_FAMILIES,
  ...FOOD_FAMILIES,
  ...OTHER_FAMILIES,
];

export interface Product {
  key: string;
  family: Family;
  root: string;
  name: string;
  dosage: string;
  bzdw: string;
  /** Index of the dose within its form: larger doses cost more. */
  doseIndex: number;
  specs: { text: string; factor: number }[];
  /** Pool entries (`name@省`), trade-named makers first. */
  makers: string[];
}

const ROOT_OF = new Map(CATEGORY_TREE.flatMap((r) => r.children.map((c) => [c, r.name] as const)));
const FORM_KEYS = Object.keys(FORMS).sort((a, b) => b.length - a.length);

// The amount a fixed specification holds (500g, 1kg, 60片), for pricing its sizes.
function specAmount(spec: string): number | null {
  const counts = [...spec.matchAll(/(\d+(?:\.\d+)?)(片|粒|只|袋|人份|支|贴)/g)];
  const last = counts.at(-1);
  if (last) return Number(last[1]);
  const m = /(\d+(?:\.\d+)?)(kg|g|ml|L)\b/.exec(spec);
  if (!m) return null;
  return Number(m[1]) * (m[2] === 'kg' || m[2] === 'L' ? 1000 : 1);
}

function fixedSpecs(list: string[]): Product['specs'] {
  const base = specAmount(list[0]!) ?? 1;
  return list.map((text) => {
    const amount = specAmount(text);
    return { text, factor: amount ? Math.min(6, Math.max(0.3, (amount / base) ** 0.85)) : 1 };
  });
}

function countSpecs(dose: string, counts: number[], unit: string): Product['specs'] {
  const head = dose ? `${dose}*` : '';
  const plain = counts.map((c) => ({
    text: c === 1 ? dose || `1${unit}` : `${head}${c}${unit}`,
    factor: (c / counts[0]!) ** 0.85,
  }));
  // Blister variants (12粒*2板) come after the plain packs so small seeds prefer the latter.
  const boards = counts.flatMap((c) =>
    [2, 3, 4]
      .filter((b) => c >= 12 && c % b === 0 && c / b >= 6)
      .map((b) => ({ text: `${head}${c / b}${unit}*${b}板`, factor: (c / counts[0]!) ** 0.85 })),
  );
  return [...plain, ...boards];
}

function makersOf(f: Family): string[] {
  const trade = Object.keys(f.trade);
  const rest = (f.makers ?? MAKERS[KINDS[f.kind].pool]).filter((m) => !trade.includes(m));
  return [...trade, ...rest];
}

/** Every product of a family. */
export function expand(f: Family): Product[] {
  const root = ROOT_OF.get(f.cat);
  if (!root) throw new Error(`family ${f.base}: unknown category ${f.cat}`);
  const makers = makersOf(f);
  const shuffled = (key: string) => {
    const trade = makers.filter((m) => m in f.trade);
    return [
      ...trade,
      ...shuffle(
        makers.filter((m) => !(m in f.trade)),
        mulberry32(hash(key)),
      ),
    ];
  };
  if (f.forms.startsWith('=')) {
    const key = `${f.base}|${makers[0]}`;
    return [
      {
        key,
        family: f,
        root,
        name: f.base,
        dosage: f.dosage,
        bzdw: f.bzdw,
        doseIndex: 0,
        specs: fixedSpecs(f.forms.slice(1).split('|')),
        makers: shuffled(key),
      },
    ];
  }
  return f.forms.split(';').flatMap((token) => {
    const [formWord = '', ...rest] = token.trim().split(/\s+/);
    const formKey = FORM_KEYS.find((k) => formWord.startsWith(k));
    if (!formKey) throw new Error(`family ${f.base}: unknown form ${formWord}`);
    const form = FORMS[formKey]!;
    const doses = rest[0] && !rest[0].startsWith('@') ? rest.shift()!.split('|') : [''];
    const counts = rest[0]?.startsWith('@') ? rest.shift()!.slice(1).split(',').map(Number) : form.counts;
    const unit = rest.shift() ?? form.unit;
    const name = f.base + formWord;
    return doses.map((dose, doseIndex) => {
      const key = `${name}|${dose}`;
      return {
        key,
        family: f,
        root,
        name,
        dosage: form.dosage,
        bzdw: form.bzdw,
        doseIndex,
        specs: countSpecs(dose, counts, unit),
        makers: shuffled(key),
      };
    });
  });
}

export interface Sku {
  product: Product;
  maker: string;
  spec: Product['specs'][number];
  /** 0 for the first listing of a SKU; 1 and 2 list it again in another warehouse (big seeds). */
  copy: number;
}

/** The products in an order that alternates between root categories. */
export function orderedProducts(): Product[] {
  const byRoot = new Map<string, Product[]>();
  for (const p of FAMILIES.flatMap(expand)) byRoot.set(p.root, [...(byRoot.get(p.root) ?? []), p]);
  const queues = [...byRoot.values()].map((list) => shuffle(list, mulberry32(hash(list[0]!.root))));
  const out: Product[] = [];
  for (let i = 0; out.length < queues.reduce((n, q) => n + q.length, 0); i++) {
    for (const q of queues) if (i < q.length) out.push(q[i]!);
  }
  return out;
}

/**
 * The first `n` distinct SKUs. Round r of a product takes maker r mod M and rotates the
 * specification, so each maker appears with each specification once; only when every
 * SKU is listed once does a SKU repeat in another warehouse.
 */
export function skus(n: number, copies = 3): Sku[] {
  const products = orderedProducts();
  const out: Sku[] = [];
  for (let copy = 0; copy < copies; copy++) {
    for (let round = 0; out.length < n; round++) {
      let any = false;
      for (const p of products) {
        const m = p.makers.length;
        const s = p.specs.length;
        if (round >= m * s) continue;
        any = true;
        const makerIdx = round % m;
        const specIdx = (Math.floor(round / m) + makerIdx) % s;
        out.push({ product: p, maker: p.makers[makerIdx]!, spec: p.specs[specIdx]!, copy });
        if (out.length >= n) return out;
      }
      if (!any) break;
    }
  }
  if (out.length < n)
    throw new Error(`the demo catalogue holds at most ${out.length} distinct goods; asked for ${n}`);
  return out;
}
