import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { toMillis } from '@kc/domain';

// Importing this module is what sets the zh-cn locale (week starts Monday, 星期一…) for dayjs
// and antd's date pickers; pages with dates import it, the first page does not need it.
dayjs.locale('zh-cn');

/** A timestamp from the API (ten digits = seconds, SPEC §4) or a date string, as dayjs. */
export function toDayjs(value: number | string | Date): Dayjs {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))) {
    return dayjs(toMillis(value));
  }
  return dayjs(value);
}

/** "2024-05-01 13:05" — the format order lists and details use. */
export function formatDateTime(value: number | string | Date): string {
  return toDayjs(value).format('YYYY-MM-DD HH:mm');
}

/** "2024-05-01". */
export function formatDate(value: number | string | Date): string {
  return toDayjs(value).format('YYYY-MM-DD');
}

export { dayjs };
