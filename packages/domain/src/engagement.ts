/** Engagement: favourites (收藏). Input schemas shared by the server and the web app. */
import { z } from 'zod';
import { idListSchema, pageQuerySchema } from './api.js';

/** `GET /api/favorite`: the member's favourites, newest first. */
export const favoriteListQuerySchema = pageQuerySchema;
export type FavoriteListQuery = z.infer<typeof favoriteListQuerySchema>;

/**
 * `POST /api/favorite` and `POST /api/favorite/cancel`: `goods_ids[]=1&goods_ids[]=2` or
 * `goods_ids=1,2`. Duplicates are dropped.
 */
export const favoriteIdsSchema = z.object({
  goods_ids: idListSchema.transform((ids) => [...new Set(ids)]),
});
export type FavoriteIdsInput = z.infer<typeof favoriteIdsSchema>;

/** The SPEC §8 messages of the favourite button. */
export const FAVORITE_MESSAGES = {
  added: '收藏成功',
  cancelled: '取消收藏成功',
  view: '查看我的收藏',
} as const;

/** Where "my favourites" lives (SPEC §2: zzfw_wdsc, alias /star). */
export const FAVORITES_PATH = '/star';

/** `GET /api/favorite/check?goods_ids=1,2`: which of these goods the member has favourited. */
export const favoriteCheckQuerySchema = favoriteIdsSchema;

export interface FavoriteCheck {
  goods_ids: number[];
}
