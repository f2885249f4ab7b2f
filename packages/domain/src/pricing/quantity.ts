/** Why a quantity cannot be bought as asked. */
export type QuantityProblem = 'not_integer' | 'not_positive' | 'not_multiple' | 'over_limit' | 'over_stock';

/** The quantity rules of one goods. */
export interface QuantityRules {
  /** Step and minimum (中包装); values below 1 count as 1. */
  zbz: number;
  /** Purchase limit per buyer; 0 none. */
  qgNumber: number;
  stock: number;
  /** Case quantity; with `roundToCase` quantities round up to a multiple of it. */
  jzl: number;
  roundToCase: boolean;
  bzdw?: string;
}

export type QuantityCheck =
  { ok: true; number: number } | { ok: false; problem: QuantityProblem; message: string; number: number };

/**
 * Rounds a quantity up to a full case when the goods asks for it (`roundToCase` and a case
 * quantity that is a multiple of the middle pack); otherwise returns it unchanged.
 */
export function roundUpToCase(quantity: number, rules: Pick<QuantityRules, 'jzl' | 'roundToCase'>): number {
  if (!rules.roundToCase || rules.jzl <= 0 || quantity <= 0) return quantity;
  return Math.ceil(quantity / rules.jzl) * rules.jzl;
}

/**
 * Checks a wanted quantity: a positive whole number, a multiple of `zbz`, within the purchase
 * limit and the stock. A round-up to a full case happens first, so the checked (and returned)
 * number is the one that will be bought. Problems are values with a Chinese message.
 */
export function checkQuantity(wanted: number, rules: QuantityRules): QuantityCheck {
  const unit = rules.bzdw ?? '盒';
  const fail = (problem: QuantityProblem, message: string): QuantityCheck => ({
    ok: false,
    problem,
    message,
    number: wanted,
  });
  if (!Number.isInteger(wanted)) return fail('not_integer', '购买数量必须是整数');
  if (wanted <= 0) return fail('not_positive', '购买数量必须大于0');
  const step = Math.max(1, rules.zbz);
  const number = roundUpToCase(wanted, rules);
  if (number % step !== 0) return fail('not_multiple', `购买数量必须是中包装${step}${unit}的整数倍`);
  if (rules.qgNumber > 0 && number > rules.qgNumber) {
    return fail('over_limit', `该商品限购${rules.qgNumber}${unit}`);
  }
  if (number > rules.stock) return fail('over_stock', `库存不足，最多可购买${rules.stock}${unit}`);
  return { ok: true, number };
}

/** The smallest quantity a goods can be ordered in: one middle pack, rounded up to a case when it must be. */
export function smallestOrderable(rules: Pick<QuantityRules, 'zbz' | 'jzl' | 'roundToCase'>): number {
  return roundUpToCase(Math.max(1, rules.zbz), rules);
}

/**
 * The rule between a purchase limit and the packs (issue 17 §4): a limit below the smallest
 * orderable quantity (限购5 with a middle pack of 20) would refuse every quantity, a goods
 * buyable in name only. Such a limit is refused where goods are entered (the back office's
 * editor, the goods import, the seed); null when the limit is none or fits.
 */
export function purchaseLimitProblem(
  rules: Pick<QuantityRules, 'zbz' | 'jzl' | 'roundToCase' | 'qgNumber' | 'bzdw'>,
): string | null {
  if (!(rules.qgNumber > 0)) return null;
  const smallest = smallestOrderable(rules);
  if (rules.qgNumber >= smallest) return null;
  const unit = rules.bzdw || '盒';
  const what = smallest === Math.max(1, rules.zbz) ? `中包装${smallest}${unit}` : `整件${smallest}${unit}`;
  return `限购数量不能小于${what}，否则该商品无法购买`;
}

/** The quantity an add starts from (SPEC §5): the cart's number, else the middle pack. */
export function defaultQuantity(cartNumber: number | null | undefined, zbz: number): number {
  return cartNumber && cartNumber > 0 ? cartNumber : Math.max(1, zbz);
}

/** The quantity rules the middle-pack adjustment reads. */
export interface PackRules {
  zbz: number;
  jzl: number;
  roundToCase: boolean;
  bzdw: string;
}

/**
 * The quantity a list row is bought at: up to a whole number of middle packs (and of cases
 * when the goods rounds to cases), or one middle pack when the row has none. `note` says
 * what changed ('' when nothing did), e.g. 已按中包装10盒调整为30盒.
 */
export function adjustToMiddlePack(
  wanted: number | null,
  rules: PackRules,
): { number: number; note: string } {
  const unit = rules.bzdw || '盒';
  const step = Math.max(1, rules.zbz);
  if (wanted === null || !Number.isFinite(wanted) || wanted <= 0) {
    const number = roundUpToCase(step, rules);
    return {
      number,
      note: `未填数量，按${step > 1 ? `中包装${step}` : `1`}${unit}${number !== step ? `（整件${number}${unit}）` : ''}`,
    };
  }
  const packs = Math.ceil(Math.ceil(wanted) / step) * step;
  const number = roundUpToCase(packs, rules);
  if (number === wanted) return { number, note: '' };
  if (number !== packs) return { number, note: `已按整件${rules.jzl}${unit}调整为${number}${unit}` };
  return { number, note: `已按中包装${step}${unit}调整为${number}${unit}` };
}
