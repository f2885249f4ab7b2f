/**
 * Shared input rules: one quantity rule, one day/timestamp rule and one free-text rule for
 * every call, so that no path lets through a value the database cannot store (a number past
 * int4, a day that does not exist, a text of any length) and answers 500 for it.
 */
import { z } from 'zod';
import { MAX_ID } from './api.js';
import { parseChinaTime, toMillis } from './time.js';

/**
 * The most units one line may ask for, on every path (cart add, edit, quick add, returns).
 * Far above any stock, and small enough that a cart line's sum of adds and its amount in fen
 * stay well inside PostgreSQL's int4 and JavaScript's safe integers.
 */
export const MAX_QUANTITY = 99_999;

/**
 * A quantity as a number, refused when not a number or above `MAX_QUANTITY`. Whole-number
 * and above-zero checks stay with the caller (`checkQuantity` gives the goods' own message).
 */
export const quantitySchema = (label = '购买数量') =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .refine(Number.isFinite, { message: `${label}必须是数字` })
    .refine((n) => n <= MAX_QUANTITY, { message: `${label}不能超过${MAX_QUANTITY}` });

/** The earliest and latest moments a date input may name: 1970-01-01 to 2100-12-31 (UTC). */
export const DATE_RANGE_MS = { min: 0, max: Date.UTC(2100, 11, 31, 23, 59, 59) } as const;

/**
 * A day ('YYYY-MM-DD', China time) or a timestamp (ten digits are seconds) as epoch ms.
 * Days that do not exist ('2026-02-30') and moments outside `DATE_RANGE_MS` are refused.
 */
export const dayOrTimestampSchema = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const s = String(v).trim();
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(s) ? parseChinaTime(s) : /^\d{1,16}$/.test(s) ? toMillis(s) : NaN;
  if (!Number.isFinite(ms) || ms < DATE_RANGE_MS.min || ms > DATE_RANGE_MS.max) {
    ctx.addIssue({ code: 'custom', message: '日期格式有误' });
    return z.NEVER;
  }
  return ms;
});

/** A date and time from a form (ISO or 'YYYY-MM-DD HH:mm'), within `DATE_RANGE_MS`. */
export const dateTimeSchema = z.coerce
  .date({ error: '时间格式不正确' })
  .min(new Date(DATE_RANGE_MS.min), { message: '时间格式不正确' })
  .max(new Date(DATE_RANGE_MS.max), { message: '时间格式不正确' });

/**
 * The largest yuan amount a client may name: 9,999,999.99 yuan is 999,999,999 fen, inside
 * int4 (money is stored in fen).
 */
export const MAX_YUAN = 9_999_999.99;

/**
 * A yuan amount as the client shows it ("12.90"): at most seven whole digits and two decimals,
 * so that no amount past `MAX_YUAN` reaches a comparison or a column in fen.
 */
export const yuanInputSchema = (message = '金额格式有误') =>
  z
    .union([z.string(), z.number()])
    .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(String(v).trim()), { message });

/** Free text of at most `max` characters; absent is ''. */
export const textSchema = (label: string, max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .max(max, { message: `${label}不能超过${max}个字` }),
  );

/** An optional id (0 or absent means none) within the int4 range of every table's id. */
export const idOrZeroSchema = (label: string) =>
  z.coerce
    .number({ error: `${label}有误` })
    .int({ message: `${label}有误` })
    .min(0, { message: `${label}有误` })
    .max(MAX_ID, { message: `${label}不存在` });
