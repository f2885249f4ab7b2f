import { z } from 'zod';
import { PAGE } from './constants.js';

/** The reply envelope of every call. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The one paginated list shape every list call replies with. */
export interface Paginated<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
  total_page: number;
}

const intFromQuery = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ message: `${label}必须是整数` })
    .min(min, { message: `${label}不能小于${min}` })
    .max(max, { message: `${label}不能大于${max}` });

/** Page parameters accepted by every list call (`page`, `page_size` or `limit`). */
export const pageQuerySchema = z.object({
  page: intFromQuery('页码', 1, 100_000).default(1),
  page_size: intFromQuery('每页数量', 1, PAGE.maxSize).default(PAGE.defaultSize),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Builds the paginated shape from rows and a total count. */
export function paginate<T>(list: T[], total: number, q: PageQuery): Paginated<T> {
  return {
    list,
    total,
    page: q.page,
    page_size: q.page_size,
    total_page: Math.ceil(total / q.page_size),
  };
}

/**
 * The largest id a table holds: ids are PostgreSQL `serial` (int4). A larger number can name
 * no row, and sent to the database it would fail as out of range, so it is refused here.
 */
export const MAX_ID = 2_147_483_647;

/** A list of positive integer ids, from `ids[]=1&ids[]=2`, `ids=1,2` or a JSON array. */
export const idListSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z
    .array(
      z.coerce
        .number({ error: 'ID必须是正整数' })
        .int({ message: 'ID必须是正整数' })
        .positive({ message: 'ID必须是正整数' })
        .max(MAX_ID, { message: 'ID不存在' }),
      {
        error: '请选择要操作的项目',
      },
    )
    .min(1, { message: '请选择要操作的项目' })
    .max(1000, { message: '一次最多操作1000项' }),
);

/** A positive integer id from a path or form field. */
export const idSchema = z.coerce
  .number({ error: 'ID必须是数字' })
  .int({ message: 'ID必须是整数' })
  .positive({ message: 'ID必须是正整数' })
  .max(MAX_ID, { message: 'ID不存在' });
