const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** 0..9999 in capital numerals, with the zeros a cheque writes (1010 → 壹仟零壹拾). */
function group(n: number): string {
  let out = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d]! + PLACES[place]!;
  }
  return out;
}

/**
 * An amount in fen as the 价税合计（大写） of an invoice: 123456 → 壹仟贰佰叁拾肆圆伍角陆分,
 * 100000 → 壹仟圆整, 5 → 伍分, negative amounts (red invoices) start with 负.
 */
export function rmbUppercase(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be an integer: ${fen}`);
  if (fen === 0) return '零圆整';
  const sign = fen < 0 ? '负' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const cents = abs % 10;
  const parts: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) parts.unshift(rest % 10_000);
  let whole = '';
  let gap = false;
  parts.forEach((part, i) => {
    if (part === 0) {
      gap = whole !== '';
      return;
    }
    if (whole !== '' && (gap || part < 1000)) whole += '零';
    whole += group(part) + GROUPS[parts.length - 1 - i]!;
    gap = false;
  });
  let out = whole ? `${whole}圆` : '';
  if (jiao === 0 && cents === 0) return `${sign}${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (whole) out += '零';
  if (cents > 0) out += `${DIGITS[cents]}分`;
  return sign + out;
}
