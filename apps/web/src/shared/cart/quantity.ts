import { adjustToMiddlePack } from '@kc/domain';

/** The quantity limits of a goods as a stepper needs them. */
export interface StepRules {
  /** Middle pack: the step and the minimum (SPEC §5). */
  zbz: number;
  /** Purchase limit; 0 none. */
  qgNumber: number;
  stock: number;
  /** Case quantity (件装量) and whether quantities round up to a full case, as the server does. */
  jzl?: number;
  roundToCase?: boolean;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Whether the goods is sold in full cases (a case quantity above one middle pack). */
const byCase = (r: StepRules) => r.roundToCase === true && (r.jzl ?? 0) > Math.max(1, r.zbz);

/**
 * The step: a middle pack, or for goods sold in full cases the smallest quantity that is both
 * whole middle packs and whole cases (the server rounds every quantity up to a case).
 */
export function stepOf(r: StepRules): number {
  const pack = Math.max(1, r.zbz);
  if (!byCase(r)) return pack;
  const jzl = r.jzl ?? 0;
  return (pack / gcd(pack, jzl)) * jzl;
}

/** The most that may be bought: the limit or the stock, in whole steps. */
export function maxOf(r: StepRules): number {
  const step = stepOf(r);
  const cap = r.qgNumber > 0 ? Math.min(r.qgNumber, r.stock) : r.stock;
  return Math.max(step, Math.floor(cap / step) * step);
}

/** A typed quantity snapped up to a whole step within [step, max]. */
export function snap(n: number, r: StepRules): number {
  const step = stepOf(r);
  const whole = Number.isFinite(n) ? Math.max(step, Math.ceil(n / step) * step) : step;
  return Math.min(whole, maxOf(r));
}

/**
 * What the buyer is told when a typed quantity was changed (issue 17 §3), '' when it was not:
 * 已按中包装10盒调整为30盒, 已按整件24盒调整为48盒, or 最多可购60盒，已调整为60盒.
 */
export function snapNote(typed: number, r: StepRules, unit: string): string {
  const number = snap(typed, r);
  if (!Number.isFinite(typed) || number === typed) return '';
  if (number < typed) return `最多可购${number}${unit}，已调整为${number}${unit}`;
  // Rounded up: the domain's own wording (quick purchase says the same).
  const up = adjustToMiddlePack(typed, {
    zbz: r.zbz,
    jzl: r.jzl ?? 0,
    roundToCase: r.roundToCase === true,
    bzdw: unit,
  });
  return up.number === number ? up.note : `已调整为${number}${unit}`;
}
