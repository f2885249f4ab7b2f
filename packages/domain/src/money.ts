/**
 * Money lives inside the system as an integer number of fen (分). The API and the UI show
 * yuan with exactly two decimals. Every derived amount is floored to the fen (SPEC §5, §9).
 */

/** A non-negative or negative integer amount of fen. */
export type Fen = number;

/**
 * Floors a possibly fractional fen amount to a whole fen (towards negative infinity), guarding
 * against binary noise such as 1234.9999999 that should be 1235.
 */
export function floorFen(value: number): Fen {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const nearest = Math.round(value);
  return Math.abs(value - nearest) < 1e-6 ? nearest : Math.floor(value);
}

/**
 * Reads a yuan amount (`"12.5"`, `12.5`, `"12.345"`) as fen, floored: `"12.345"` → 1234.
 * Parses the decimal text itself so that 0.1 + 0.2 style float noise never enters.
 */
export function yuanToFen(yuan: string | number): Fen {
  const text = typeof yuan === 'number' ? yuanNumberText(yuan) : yuan.trim();
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`not a yuan amount: ${String(yuan)}`);
  const [, minus, whole = '0', decimals = ''] = match;
  const fen = Number(whole) * 100 + Number((decimals + '00').slice(0, 2));
  if (!minus) return fen;
  // Flooring a negative amount with dropped digits moves it one fen further down.
  const dropped = /[1-9]/.test(decimals.slice(2));
  return -fen - (dropped ? 1 : 0);
}

function yuanNumberText(yuan: number): string {
  if (!Number.isFinite(yuan)) throw new RangeError(`not a finite amount: ${yuan}`);
  // toFixed(6) keeps enough digits to floor correctly and drops float noise beyond.
  return yuan.toFixed(6);
}

/** Shows fen as yuan with two decimals: 123456 → "1234.56", -5 → "-0.05". */
export function fenToYuan(fen: Fen): string {
  if (!Number.isInteger(fen)) throw new RangeError(`fen must be an integer: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Yuan as a sentence says it: 1000, 30, or 12.50 (a whole amount without '.00'); floored. */
export function shortYuan(fen: Fen): string {
  return fen % 100 === 0 ? String(fen / 100) : fenToYuan(fen);
}

/** Shows fen as "¥1234.56". */
export function formatYuan(fen: Fen): string {
  return `¥${fenToYuan(fen)}`;
}

/**
 * Multiplies an amount by a rate given in per-mille (940 = 94折 = × 0.94), floored to the fen.
 * Integer arithmetic only.
 */
export function applyRate(fen: Fen, perMille: number): Fen {
  if (!Number.isInteger(perMille) || perMille < 0) throw new RangeError(`bad rate: ${perMille}`);
  return Math.floor((fen * perMille) / 1000);
}

/** Unit price × quantity in fen; both must be integers. */
export function lineAmount(unitFen: Fen, quantity: number): Fen {
  if (!Number.isInteger(unitFen) || !Number.isInteger(quantity)) {
    throw new RangeError('price and quantity must be integers');
  }
  return unitFen * quantity;
}
