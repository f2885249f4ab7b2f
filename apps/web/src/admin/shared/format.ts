import { formatYuan } from '@kc/domain';

/** Fen as "¥1234.56" (the one conversion lives in packages/domain). */
export { formatYuan };

/** A reply's yuan string ("1234.50", as the server sends money) as "¥1234.50"; '—' when absent. */
export function showYuan(yuan: string | number | null | undefined): string {
  return yuan === null || yuan === undefined || yuan === '' ? '—' : `¥${yuan}`;
}
