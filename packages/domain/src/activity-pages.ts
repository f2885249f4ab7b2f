/**
 * Replies of the storefront's activity calls beyond the views of activity.ts: the tap count,
 * the activity centre's posters and the combinations of /zhzq (docs/api/activity.md).
 */
import type { ActivityStatus, ActivityKindName } from './activity.js';
import type { GoodsItem } from './catalog.js';

/** `POST /api/activity/tap`: the activity's taps today (China day), this one included. */
export interface ActivityTapView {
  taps: number;
}

/** `GET /api/focus/postList`: an activity poster of the activity centre. */
export interface ActivityPoster {
  id: number;
  kind: ActivityKindName;
  kind_text: string;
  name: string;
  /** The activity's storefront route, '' none (the link then says 活动暂未开始). */
  url: string;
  /** The banner image. */
  image: string;
  /** Unix seconds. */
  start_time: number;
  end_time: number;
  status: ActivityStatus;
  status_text: string;
}

/** One goods of a combination and how many units one set holds. */
export interface CombinationItemView {
  goods_id: number;
  /** Units of the goods in one set. */
  number: number;
  goods: GoodsItem;
}

/**
 * `GET /api/combination/list`: a combination on sale (组合购). Added to the cart as a line of
 * type 3: `POST /api/cart` with `params[0][goods_id]` = the combination's id,
 * `params[0][type]=3`, `params[0][number]` = sets (and `price` = its price as shown).
 */
export interface CombinationView {
  id: number;
  name: string;
  /** One set, yuan; null when prices are hidden from the viewer (`price_hint` says why). */
  price: string | null;
  /** The items bought one by one at their list prices, yuan (null when hidden). */
  raw_price: string | null;
  /** raw_price − price, never below 0 (null when hidden). */
  saving: string | null;
  price_hint: string | null;
  /** Whole sets the items' stock allows (as a goods item's `number` is its stock). */
  number: number;
  /** 1 when every item can be bought and a set is in stock. */
  is_buy: 0 | 1;
  /** The sale window, Unix seconds. */
  start_time: number;
  end_time: number;
  items: CombinationItemView[];
}
