/**
 * The storefront's view of activities (活动): the pages /hb, /welfare, /mrtj, /zhzq, /yjh,
 * /Hdzx, /yyh, /zqmb, /hdmb and the §2 activity routes read these shapes. docs/api/activity.md
 * documents the calls.
 */
import type { CouponCenterItem } from './coupon-admin.js';
import type { GoodsItem } from './catalog.js';

/** Every kind of activity an operator can create. */
export const ACTIVITY_KINDS = [
  'manjian',
  'discount',
  'gift',
  'manfan',
  'flash',
  'special',
  'template',
] as const;
export type ActivityKindName = (typeof ACTIVITY_KINDS)[number];

/** The name of each kind, as the back office and the pages show it. */
export const ACTIVITY_KIND_TEXT: Readonly<Record<ActivityKindName, string>> = {
  manjian: '满减',
  discount: '全场折扣',
  gift: '买赠',
  manfan: '满返',
  flash: '限时秒杀',
  special: '每日特价',
  template: '专区/活动页',
};

/** 0 not started, 1 running, 2 ended (or switched off). */
export type ActivityStatus = 0 | 1 | 2;
export const ACTIVITY_STATUS_TEXT: Readonly<Record<ActivityStatus, string>> = {
  0: '未开始',
  1: '进行中',
  2: '已结束',
};

/** Whether an activity window [start, end) is running at `now` (all epoch ms). */
export function activityStatus(start: number, end: number, now: number, enabled = true): ActivityStatus {
  if (!enabled || now >= end) return 2;
  return now < start ? 0 : 1;
}

/** One tier of 满减 or 满返, yuan. */
export interface ActivityTierView {
  /** The spend it needs. */
  amount: string;
  /** 满减: the reduction; 满返: the cashback. */
  value: string;
  /** '满500减20' or '满500返20'. */
  text: string;
}

/** A goods on a flash sale or a daily special: the catalogue item with its activity price. */
export type ActivityGoodsItem = GoodsItem & {
  /** The activity price, yuan; null when prices are hidden from the viewer (as `price`). */
  activity_price: string | null;
  /** Per-buyer limit in units for the window (0 none). */
  limit: number;
};

/** A section of goods on an activity page. */
export interface ActivitySection {
  title: string;
  list: GoodsItem[];
}

/** `GET /api/activity/info`: one activity as its page shows it. */
export interface ActivityView {
  id: number;
  kind: ActivityKindName;
  kind_text: string;
  name: string;
  /** The storefront route it belongs to ('/hb' …), '' none. */
  url: string;
  banner: string;
  description: string;
  /** Unix seconds. */
  start_time: number;
  end_time: number;
  /** The server's clock (Unix seconds): countdowns start from it. */
  now: number;
  status: ActivityStatus;
  status_text: string;
  /** 满减 and 满返. */
  tiers: ActivityTierView[];
  /** 全场折扣: '9.4' (折), '' otherwise. */
  rate: string;
  /** 买赠: '买10赠1（同品赠送）', '' otherwise. */
  gift_text: string;
  /** 秒杀 and 每日特价 (today's items only). */
  items: ActivityGoodsItem[];
  /** Goods shown on the page: template sections, or the goods a scoped activity covers. */
  sections: ActivitySection[];
  /** Coupons offered on the page (template), claimable through POST /api/coupon/claim. */
  coupons: CouponCenterItem[];
}

/** One entry of an activity list (the activity centre's tabs, /api/focus/postList). */
export interface ActivitySummary {
  id: number;
  kind: ActivityKindName;
  kind_text: string;
  name: string;
  url: string;
  banner: string;
  start_time: number;
  end_time: number;
  status: ActivityStatus;
  status_text: string;
}

/** `GET /api/activity/everyday_price`: today's specials and when today ends. */
export interface EverydayPrice {
  /** The running daily-special activity, or null when none runs. */
  activity: ActivitySummary | null;
  /** Unix seconds: the end of today's session (China midnight, or the activity's end if sooner). */
  end_time: number;
  now: number;
  list: ActivityGoodsItem[];
}
