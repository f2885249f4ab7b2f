/** How an import reads a spreadsheet cell (docs/api/admin-import.md): each reader answers the value or the Chinese reason. */
import { GOODS_ZONE_LABELS } from './admin-catalog.js';
import { GOODS_ZONES, type GoodsZone, type LadderTier, type RxClass } from './catalog.js';
import { fenToYuan, yuanToFen } from './money.js';

// ── Reading cells ──────────────────────────────────────────────────────────────────────────

/** A cell's reading: the value, or the Chinese reason it cannot be read. */
export type ImportCell<T> = { ok: true; value: T } | { ok: false; message: string };
const okCell = <T>(value: T): ImportCell<T> => ({ ok: true, value });
const bad = <T>(message: string): ImportCell<T> => ({ ok: false, message });

const YES = new Set(['是', 'y', 'yes', '1', 'true', '√']);
const NO = new Set(['否', 'n', 'no', '0', 'false', '×', '']);

/** 是/否 (also Y/N, 1/0, true/false); empty is 否. */
export function cellYesNo(text: string): ImportCell<boolean> {
  const t = text.trim().toLowerCase();
  if (YES.has(t)) return okCell(true);
  if (NO.has(t)) return okCell(false);
  return bad('只能填写“是”或“否”');
}

export const formatYesNo = (v: boolean) => (v ? '是' : '否');

/** A whole number ≥ `min`; empty is `empty`. */
export function cellInt(text: string, min = 0, empty = 0): ImportCell<number> {
  const t = text.trim();
  if (!t) return okCell(empty);
  if (!/^-?\d+(\.0+)?$/.test(t)) return bad('必须是整数');
  const n = Number.parseInt(t, 10);
  if (n < min) return bad(`不能小于${min}`);
  if (n > 2_000_000_000) return bad('数值过大');
  return okCell(n);
}

/** A yuan amount (≤ 2 decimals read, more floored) as fen; empty is `empty`. */
export function cellYuan(text: string, empty: number | null = 0): ImportCell<number> {
  const t = text.trim().replace(/^[¥￥]/, '');
  if (!t) return empty === null ? bad('不能为空') : okCell(empty);
  if (!/^\d+(\.\d+)?$/.test(t)) return bad('必须是金额（元），如 12.50');
  const fen = yuanToFen(t);
  if (fen > 100_000_000_00) return bad('金额过大');
  return okCell(fen);
}

/** `10:12.50;50:12.00` → tiers in fen. Also takes full-width colons and semicolons. */
export function cellLadder(text: string): ImportCell<LadderTier[]> {
  const t = text
    .trim()
    .replace(/：/g, ':')
    .replace(/[；，,]/g, ';');
  if (!t) return okCell([]);
  const tiers: LadderTier[] = [];
  for (const part of t.split(';').filter((p) => p.trim())) {
    const m = /^\s*(\d+)\s*:\s*[¥￥]?(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!m) return bad('格式应为 数量:单价;数量:单价，如 10:12.50;50:12.00');
    tiers.push({ number: Number(m[1]), price: yuanToFen(m[2]!) });
  }
  return okCell(tiers);
}

export const formatLadder = (tiers: readonly LadderTier[]) =>
  tiers.map((t) => `${t.number}:${fenToYuan(t.price)}`).join(';');

/** 处方类别 as the file writes it. */
export const RX_CLASS_IMPORT_LABELS: Record<RxClass, string> = {
  rx: '处方药',
  otc_a: '甲类OTC',
  otc_b: '乙类OTC',
  none: '非药品',
};
const RX_READINGS: Record<string, RxClass> = {
  处方药: 'rx',
  rx: 'rx',
  甲类otc: 'otc_a',
  甲类非处方药: 'otc_a',
  otc甲类: 'otc_a',
  乙类otc: 'otc_b',
  乙类非处方药: 'otc_b',
  otc乙类: 'otc_b',
  非药品: 'none',
  '': 'none',
};

export function cellRxClass(text: string): ImportCell<RxClass> {
  const rx = RX_READINGS[text.trim().toLowerCase()];
  return rx ? okCell(rx) : bad('只能填写处方药、甲类OTC、乙类OTC或非药品');
}

/** Short names a file may use besides GOODS_ZONE_LABELS (which the export writes). */
const ZONE_SHORT: Record<GoodsZone, string> = {
  zy: '中药',
  qx: '器械',
  jm: '加盟',
  kx: '控销',
  yx: '优选',
  ppzq: '品牌',
  mrtj: '特价',
  spike: '秒杀',
};

/** `优选;控销` or `yx;kx` → zone codes. */
export function cellZones(text: string): ImportCell<GoodsZone[]> {
  const out: GoodsZone[] = [];
  for (const part of cellList(text)) {
    const code = GOODS_ZONES.find(
      (z) => z === part.toLowerCase() || GOODS_ZONE_LABELS[z] === part || ZONE_SHORT[z] === part,
    );
    if (!code) return bad(`未知专区：${part}`);
    if (!out.includes(code)) out.push(code);
  }
  return okCell(out);
}

/** A list cell (`a;b`, full-width semicolons too), trimmed, blanks dropped. */
export const cellList = (text: string) =>
  text
    .split(/[;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

const DATE_RE = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/;

/** `2025-03-01`, `2025/3/1`, `2025年3月1日`, `20250301` → 'YYYY-MM-DD' (a real calendar date). */
export function cellDate(text: string): ImportCell<string> {
  const t = text.trim();
  const m = DATE_RE.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) return bad('日期格式应为 YYYY-MM-DD');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return bad('不是有效的日期');
  return okCell(date.toISOString().slice(0, 10));
}
