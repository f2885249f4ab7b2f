/**
 * The storefront's activity calls (docs/api/activity.md "Storefront calls"): their query and
 * body schemas, shared by the server and the web app.
 */
import { z } from 'zod';
import { idListSchema, idSchema, pageQuerySchema } from './api.js';

const blankAsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The most activities one `GET /api/activity/list` names. */
export const ACTIVITY_LIST_MAX = 50;

/**
 * The storefront route an activity sits on, as stored: one leading slash, no trailing one
 * ('hb', '/hb' and '/hb/' all name '/hb').
 */
export function normalizeActivityUrl(url: string): string {
  return `/${url.trim().replace(/^\/+|\/+$/g, '')}`;
}

/** A storefront route naming an activity page ('/hb', '/yjh/3'). */
export const activityUrlSchema = z
  .string({ error: '活动页面地址有误' })
  .trim()
  .max(100, { message: '活动页面地址有误' })
  .refine((u) => /^\/?[\w\-/]*$/.test(u) && normalizeActivityUrl(u) !== '/', {
    message: '活动页面地址有误',
  })
  .transform(normalizeActivityUrl);

const optionalId = z.preprocess(blankAsAbsent, idSchema.optional());
const optionalUrl = z.preprocess(blankAsAbsent, activityUrlSchema.optional());

/** `GET /api/activity/info`: `id` or `url` (one of them). */
export const activityInfoQuerySchema = z
  .object({ id: optionalId, url: optionalUrl })
  .refine((q) => q.id !== undefined || q.url !== undefined, { message: '请指定活动', path: ['id'] });
export type ActivityInfoQuery = z.infer<typeof activityInfoQuerySchema>;

/** `GET /api/activity/list`: `ids` (comma list or `ids[]=`) or `url`. */
export const activityListQuerySchema = z
  .object({
    ids: z.preprocess(
      blankAsAbsent,
      idListSchema
        .refine((ids) => ids.length <= ACTIVITY_LIST_MAX, { message: `最多${ACTIVITY_LIST_MAX}个活动` })
        .optional(),
    ),
    url: optionalUrl,
  })
  .refine((q) => q.ids !== undefined || q.url !== undefined, { message: '请指定活动', path: ['ids'] });
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

/** `POST /api/activity/tap`: the activity tapped. */
export const activityTapSchema = z.object({ id: idSchema });

/** `GET /api/focus/demo`: the template page's url, or absent for every running template. */
export const focusDemoQuerySchema = z.object({ url: optionalUrl });

/** `GET /api/combination/list`. */
export const combinationListQuerySchema = pageQuerySchema;
