/**
 * China Standard Time's offset from UTC (UTC+8, no daylight saving): the one place it is
 * written. Licence dates, flash-sale days, money-log day ranges and countdowns all use it.
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** A China-time wall clock ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]') as epoch ms; NaN if malformed. */
export function parseChinaTime(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) return NaN;
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
  const ms = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +se) - CHINA_OFFSET_MS;
  // Date.UTC rolls 2026-02-30 over into March: refuse dates that do not exist.
  const back = new Date(ms + CHINA_OFFSET_MS);
  return back.getUTCFullYear() === +y! && back.getUTCMonth() === +mo! - 1 && back.getUTCDate() === +d!
    ? ms
    : NaN;
}

/** The date part (YYYY-MM-DD) of `now` in China time. */
export function chinaDate(now: Date): string {
  return new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Reads a timestamp as milliseconds: ten-digit numbers (and numeric strings) are seconds and
 * are multiplied by 1000 (SPEC §4); anything else is taken as milliseconds already.
 */
export function toMillis(timestamp: number | string): number {
  const value = typeof timestamp === 'string' ? Number(timestamp.trim()) : timestamp;
  if (!Number.isFinite(value)) throw new RangeError(`not a timestamp: ${String(timestamp)}`);
  const digits = String(Math.trunc(Math.abs(value))).length;
  return digits === 10 ? value * 1000 : value;
}

/** Current time as a ten-digit seconds timestamp, the shape the API replies with. */
export function unixSeconds(date: Date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}

/** A moment as 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8, no daylight saving); '' for null. */
export function chinaDateTime(at: Date | string | null | undefined): string {
  if (at == null || at === '') return '';
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
