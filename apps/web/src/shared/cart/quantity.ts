/** The quantity limits of a goods as a stepper needs them. */
export interface StepRules {
  /** Middle pack: the step and the minimum (SPEC §5). */
  zbz: number;
  /** Purchase limit; 0 none. */
  qgNumber: number;
  stock: number;
}

export const stepOf = (r: StepRules) => Math.max(1, r.zbz);

/** The most that may be bought: the limit or the stock, in whole middle packs. */
export function maxOf(r: StepRules): number {
  const step = stepOf(r);
  const cap = r.qgNumber > 0 ? Math.min(r.qgNumber, r.stock) : r.stock;
  return Math.max(step, Math.floor(cap / step) * step);
}

/** A typed quantity snapped up to a whole middle pack within [zbz, max]. */
export function snap(n: number, r: StepRules): number {
  const step = stepOf(r);
  const whole = Number.isFinite(n) ? Math.max(step, Math.ceil(n / step) * step) : step;
  return Math.min(whole, maxOf(r));
}
