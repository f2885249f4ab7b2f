import type { RxClass } from '@kc/domain';
import type { Kind, StorageKey } from './catalog-data.js';

/**
 * A product family: one base name sold in several forms and doses by several makers.
 * `forms` is `'胶囊 0.25g|0.5g; 颗粒 0.125g @6,12'` (form, doses, optional pack counts), or
 * `'=SPEC|SPEC'` for goods with fixed specifications (devices, herbs, food) named `base` alone.
 * A form may carry a name suffix: `'片(Ⅱ)'` is the form 片 named 片(Ⅱ).
 */
export interface Family {
  cat: string;
  base: string;
  forms: string;
  kind: Kind;
  rx: RxClass;
  /** Price range in yuan of the smallest pack. */
  price: [number, number];
  /** Trade names by maker; these makers come first. */
  trade: Record<string, string>;
  /** Exclusive makers (the pool of the kind is not used). */
  makers: string[] | null;
  hm: boolean;
  storage: StorageKey;
  /** Packing unit and dosage form of fixed-specification goods. */
  bzdw: string;
  dosage: string;
}

export interface FamilyOpts {
  t?: Record<string, string>;
  m?: string[];
  hm?: boolean;
  s?: StorageKey;
  u?: string;
  d?: string;
}

/** Builds a family; `kindRx` is `'abx:rx'`, `'tcm:otc_a'`, … */
export function f(
  cat: string,
  base: string,
  forms: string,
  kindRx: string,
  price: [number, number],
  o: FamilyOpts = {},
): Family {
  const [kind, rx] = kindRx.split(':') as [Kind, RxClass];
  return {
    cat,
    base,
    forms,
    kind,
    rx,
    price,
    trade: o.t ?? {},
    makers: o.m ?? null,
    hm: o.hm ?? false,
    storage: o.s ?? (kind === 'yp' ? 'dry' : 'normal'),
    bzdw: o.u ?? '盒',
    dosage: o.d ?? '',
  };
}
