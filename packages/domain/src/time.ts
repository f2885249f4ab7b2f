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
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
