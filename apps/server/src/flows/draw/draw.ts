import {
  DRAW_PRIZE_KIND_TEXT,
  fenToYuan,
  type DrawPrizeKind,
  type DrawResultView,
  type MoneyUseType,
} from '@kc/domain';
import type { Db } from '../../platform/db.js';
import {
  grantDrawCoupon,
  rollPrize,
  settleDrawRecord,
  takeDrawPlace,
  type DrawPrizeRow,
} from '../../modules/promotion/draw-service.js';
import { changeBalance, changePoints } from '../../modules/wallet/service.js';

/** Money-log kind 8 抽奖奖励 (packages/domain wallet-views.ts MONEY_LOG_TYPES). */
const DRAW_MONEY_TYPE: MoneyUseType = 8;

/** What the pop-up's alert says. */
function messageOf(p: DrawPrizeRow | null): string {
  if (!p || p.kind === 'none') return `很遗憾，您未中奖（${p?.name ?? '谢谢参与'}）`;
  const where: Record<string, string> = {
    coupon: '已放入您的优惠券，可在个人中心“我的优惠券”查看',
    points: `${p.value} 积分已到账`,
    balance: `${fenToYuan(p.value)} 元已存入您的余额`,
    goods: '我们将尽快为您发货，可在个人中心查看发货状态',
  };
  return `恭喜您获得 ${p.name}！${where[p.kind] ?? ''}`;
}

/**
 * One member's draw (SPEC §4, issue 13 item 5), in one transaction: take the member's one
 * place (unique index), roll with a cryptographic random source against the odds and take a
 * unit of the prize's stock (row lock), award it (coupon, points or balance, each with its
 * log; a goods prize waits for shipping), and name it on the record. Any failure undoes all.
 */
export async function drawOnce(db: Db, drawId: number, memberId: number, now: Date): Promise<DrawResultView> {
  return db.transaction(async (tx) => {
    const { recordId, prizes } = await takeDrawPlace(tx, drawId, memberId, now);
    const prize = await rollPrize(tx, prizes);
    const remark = `抽奖奖品：${prize?.name ?? ''}`;
    if (prize?.kind === 'coupon' && prize.couponTemplateId)
      await grantDrawCoupon(tx, memberId, prize.couponTemplateId, now);
    if (prize?.kind === 'points' && prize.value > 0)
      await changePoints(tx, memberId, prize.value, remark, null, now);
    if (prize?.kind === 'balance' && prize.value > 0)
      await changeBalance(tx, memberId, prize.value, { useType: DRAW_MONEY_TYPE, remark }, now);
    await settleDrawRecord(tx, recordId, prize);
    const won = !!prize && prize.kind !== 'none';
    const kind = (prize?.kind ?? 'none') as DrawPrizeKind;
    return {
      record_id: recordId,
      prize_id: prize?.id ?? 0,
      prize_name: prize?.name ?? '谢谢参与',
      prize_kind: kind in DRAW_PRIZE_KIND_TEXT ? kind : 'none',
      is_win: won ? 1 : 0,
      message: messageOf(prize),
    };
  });
}
