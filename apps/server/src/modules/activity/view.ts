import { and, inArray } from 'drizzle-orm';
import {
  ACTIVITY_KIND_TEXT,
  ACTIVITY_STATUS_TEXT,
  activityStatus,
  fenToYuan,
  unixSeconds,
  type ActivityGoodsItem,
  type ActivitySummary,
  type ActivityTierView,
  type GoodsItem,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { goods } from '../catalog/schema.js';
import { shelfFlags } from '../catalog/shelf-floor.js';
import { forMember, goodsItem, itemColumns, validity, visibleTo, type Viewer } from '../catalog/view.js';
import { purchaseBlocks } from '../compliance/service.js';
import { chinaDay } from './service.js';
import type {
  activities,
  DiscountRules,
  GiftRules,
  ManfanRules,
  ManjianRules,
  PricedItem,
  PricedItemsRules,
} from './schema.js';

/** An activity row as the storefront reads it. */
export type ActivityRecord = typeof activities.$inferSelect;

/** 0 not started, 1 running, 2 ended or switched off, at `now`. */
export const statusOf = (a: ActivityRecord, now: Date) =>
  activityStatus(a.startsAt.getTime(), a.endsAt.getTime(), now.getTime(), a.enabled);

/** The activity as a list entry (the activity centre's tabs). */
export function summaryOf(a: ActivityRecord, now: Date): ActivitySummary {
  const status = statusOf(a, now);
  return {
    id: a.id,
    kind: a.kind,
    kind_text: ACTIVITY_KIND_TEXT[a.kind],
    name: a.name,
    url: a.url,
    banner: a.banner,
    start_time: unixSeconds(a.startsAt),
    end_time: unixSeconds(a.endsAt),
    status,
    status_text: ACTIVITY_STATUS_TEXT[status],
  };
}

/** Yuan without a '.00' tail, as tier texts write amounts (满500减20). */
const short = (fen: number) => fenToYuan(fen).replace(/\.00$/, '');

/** The tiers of a 满减 or a 满返, lowest first. */
export function tiersOf(a: ActivityRecord): ActivityTierView[] {
  if (a.kind === 'manjian')
    return (a.rules as ManjianRules).tiers.map((t) => ({
      amount: fenToYuan(t.amount),
      value: fenToYuan(t.reduce),
      text: `满${short(t.amount)}减${short(t.reduce)}`,
    }));
  if (a.kind === 'manfan')
    return (a.rules as ManfanRules).tiers.map((t) => ({
      amount: fenToYuan(t.amount),
      value: fenToYuan(t.back),
      text: `满${short(t.amount)}返${short(t.back)}`,
    }));
  return [];
}

/** 全场折扣 as 折: 940 → '9.4'; '' for the other kinds. */
export function rateOf(a: ActivityRecord): string {
  return a.kind === 'discount' ? String((a.rules as DiscountRules).ratePerMille / 100) : '';
}

/** 买赠 as a line: '买10赠1（同品赠送）'; '' for the other kinds. */
export function giftTextOf(a: ActivityRecord): string {
  if (a.kind !== 'gift') return '';
  const r = a.rules as GiftRules;
  const what = r.name || (r.type === 1 ? '同品赠送' : '赠品');
  return `买${r.buy}赠${r.give}（${what}）`;
}

/**
 * The China day whose items a flash sale or daily special shows at `now`: today while it runs,
 * its first day before it starts, its last day after it ended.
 */
export function showingDay(a: ActivityRecord, now: Date): string {
  const at = Math.min(Math.max(now.getTime(), a.startsAt.getTime()), a.endsAt.getTime() - 1);
  return chinaDay(at).date;
}

/** The priced items of a flash sale (all) or a daily special (those of `day` and the undated). */
export function itemsOf(a: ActivityRecord, day: string): PricedItem[] {
  if (a.kind !== 'flash' && a.kind !== 'special') return [];
  const items = (a.rules as PricedItemsRules).items;
  return a.kind === 'flash' ? items : items.filter((it) => !it.date || it.date === day);
}

/**
 * The catalogue items of `ids` the viewer may see (on the shelf, 控销 only where released),
 * priced for the viewer's audience, with `buy_block` for members: one statement (two more
 * for a member's purchase rules, side by side, and one for a member's shelf-life floor flags).
 */
export async function goodsItemsByIds(
  db: Queryable,
  ids: readonly number[],
  viewer: Viewer,
  now: Date,
): Promise<Map<number, GoodsItem>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, GoodsItem>();
  if (unique.length === 0) return out;
  const [rows, blocks, flags] = await Promise.all([
    db
      .select({ g: itemColumns, validity })
      .from(goods)
      .where(and(visibleTo(viewer), inArray(goods.id, unique))),
    viewer.memberId === null
      ? Promise.resolve(null)
      : purchaseBlocks(
          db,
          viewer.memberId,
          unique.map((goodsId) => ({ goodsId })),
          now,
        ),
    // Empty (no statement) for visitors and members without a shelf-life floor (decision 064).
    shelfFlags(db, viewer, unique, now),
  ]);
  const floored = viewer.memberId !== null && (viewer.shelfMonths ?? 0) > 0;
  for (const r of rows) {
    const plain = goodsItem(r.g, r.validity, viewer.audience);
    const item = floored ? { ...plain, below_floor: flags.get(r.g.id) ?? null } : plain;
    out.set(r.g.id, blocks ? forMember(item, blocks.get(r.g.id)) : item);
  }
  return out;
}

/** The items in `ids` order, leaving out those the viewer may not see. */
export const inOrder = (ids: readonly number[], byId: ReadonlyMap<number, GoodsItem>): GoodsItem[] =>
  ids.flatMap((id) => {
    const g = byId.get(id);
    return g ? [g] : [];
  });

/** Priced items as the page lists them: the goods with its activity price (hidden as prices are) and limit. */
export function activityGoods(
  items: readonly PricedItem[],
  byId: ReadonlyMap<number, GoodsItem>,
  viewer: Viewer,
): ActivityGoodsItem[] {
  const show = viewer.audience === 'approved';
  return items.flatMap((it) => {
    const g = byId.get(it.goodsId);
    return g ? [{ ...g, activity_price: show ? fenToYuan(it.price) : null, limit: it.limit }] : [];
  });
}
