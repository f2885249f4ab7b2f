import type {
  ActivityGoodsItem,
  ActivitySummary,
  ActivityView,
  CouponCenterItem,
  GoodsItem,
} from '@kc/domain';
import { goods } from '../../../layout/testing/fixtures';

/** The server's clock in the fixtures: 2026-01-01 00:00:00 China time, Unix seconds. */
export const SERVER_NOW = 1_767_196_800;
export const HOUR = 3600;

/** A goods as a member sees it (priced). */
export const priced = (id: number, name: string, price = '12.50', extra: Partial<GoodsItem> = {}) =>
  goods(id, name, { price, price_hint: null, base_price: '18.00', ...extra });

export function view(over: Partial<ActivityView> = {}): ActivityView {
  return {
    id: 5,
    kind: 'manfan',
    kind_text: '满返',
    name: '满返大促',
    url: '/hb',
    banner: '',
    description: '活动商品订单完成后返现',
    start_time: SERVER_NOW - HOUR,
    end_time: SERVER_NOW + 2 * HOUR,
    now: SERVER_NOW,
    status: 1,
    status_text: '进行中',
    tiers: [
      { amount: '1000.00', value: '30.00', text: '满1000返30' },
      { amount: '2000.00', value: '80.00', text: '满2000返80' },
    ],
    rate: '',
    gift_text: '',
    items: [],
    sections: [{ title: '返现商品', list: [priced(11, '阿莫西林胶囊')] }],
    coupons: [],
    ...over,
  };
}

/** Not started: opens in 2 hours (server clock). */
export const notStarted = (over: Partial<ActivityView> = {}) =>
  view({
    ...over,
    start_time: SERVER_NOW + 2 * HOUR,
    end_time: SERVER_NOW + 48 * HOUR,
    status: 0,
    status_text: '未开始',
  });

export function summary(id: number, name: string, over: Partial<ActivitySummary> = {}): ActivitySummary {
  return {
    id,
    kind: 'template',
    kind_text: '专区/活动页',
    name,
    url: '',
    banner: '',
    start_time: SERVER_NOW - HOUR,
    end_time: SERVER_NOW + HOUR,
    status: 1,
    status_text: '进行中',
    ...over,
  };
}

export const special = (
  id: number,
  name: string,
  over: Partial<ActivityGoodsItem> = {},
): ActivityGoodsItem => ({
  ...priced(id, name, '20.00'),
  activity_price: '15.80',
  limit: 5,
  ...over,
});

export const coupon = (over: Partial<CouponCenterItem> = {}): CouponCenterItem => ({
  id: 1,
  name: '活动满200减20',
  kind: 'manjian',
  kind_text: '满减',
  threshold: '200.00',
  amount: '20.00',
  rate: 1000,
  face: '¥20',
  text: '满200.00减20.00',
  scope: 'all',
  scope_text: '全场通用',
  validity_text: '2026-01-01 至 2026-03-31',
  valid_days: 0,
  description: '',
  total: 100,
  claimed: 40,
  remaining: 60,
  claimed_percent: 40,
  per_member: 1,
  held: 0,
  can_claim: 1,
  state: 'claimable',
  state_text: '立即领取',
  claim_ends_at: '',
  ...over,
});
