/** Lot allocation: every unit sold is taken from a batch, earliest expiry first (FEFO). */

/** A lot that can be drawn from (not expired, quantity > 0). */
export interface AvailableLot {
  id: number;
  goodsId: number;
  batchNo: string;
  /** 'YYYY-MM-DD'. */
  expiresOn: string;
  producedOn: string;
  quantity: number;
}

export interface LotDraw {
  lotId: number;
  goodsId: number;
  batchNo: string;
  expiresOn: string;
  producedOn: string;
  number: number;
}

/**
 * Draws `quantity` units of one goods from its lots, earliest expiry first (then lowest id),
 * skipping lots that expire on or before `today` ('YYYY-MM-DD'): an expired batch is never
 * sold. Returns the draws, or null when the lots do not hold enough.
 */
export function allocateLots(
  lots: readonly AvailableLot[],
  quantity: number,
  today: string,
): LotDraw[] | null {
  if (!Number.isInteger(quantity) || quantity <= 0) return [];
  const usable = lots
    .filter((l) => l.quantity > 0 && l.expiresOn > today)
    .sort((a, b) => (a.expiresOn === b.expiresOn ? a.id - b.id : a.expiresOn < b.expiresOn ? -1 : 1));
  const draws: LotDraw[] = [];
  let left = quantity;
  for (const l of usable) {
    if (left === 0) break;
    const n = Math.min(left, l.quantity);
    draws.push({
      lotId: l.id,
      goodsId: l.goodsId,
      batchNo: l.batchNo,
      expiresOn: l.expiresOn,
      producedOn: l.producedOn,
      number: n,
    });
    left -= n;
  }
  return left === 0 ? draws : null;
}

/** Units the lots can still sell at `today` (expired lots excluded). */
export function sellableUnits(lots: readonly AvailableLot[], today: string): number {
  return lots.reduce((s, l) => (l.quantity > 0 && l.expiresOn > today ? s + l.quantity : s), 0);
}

/**
 * Shares one goods' draws over the lines that take it, in order: each line gets its `number`
 * units from the earliest draws left. The draws must cover the sum.
 */
export function splitDraws(draws: readonly LotDraw[], numbers: readonly number[]): LotDraw[][] {
  const left = draws.map((d) => ({ ...d }));
  let at = 0;
  return numbers.map((wanted) => {
    const out: LotDraw[] = [];
    let need = wanted;
    while (need > 0 && at < left.length) {
      const d = left[at]!;
      const n = Math.min(need, d.number);
      out.push({ ...d, number: n });
      d.number -= n;
      need -= n;
      if (d.number === 0) at += 1;
    }
    if (need > 0) throw new RangeError('draws do not cover the lines');
    return out;
  });
}
