import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import type { CouponCenterItem, CouponClaimView } from '@kc/domain';
import { api, loginPath } from '../api';
import { USER_KEY } from '../session/keys';

/** `POST /api/coupon/claim`: one coupon of a template for the member. */
export const claimCoupon = (templateId: number) =>
  api.post<CouponClaimView>('/api/coupon/claim', { template_id: templateId });

/** What a coupon card's lower line says about the spend it needs. */
export const couponCondText = (c: CouponCenterItem) =>
  Number(c.threshold) > 0 ? `满${Number(c.threshold)}元可用` : '无门槛';

interface Options {
  /** The query holding the cards (its second part tells it apart under the member's key). */
  queryKey: QueryKey;
  /** Puts the claimed card's new state into that query. */
  update: (item: CouponCenterItem) => void;
  /** Where a visitor comes back to after logging in. */
  back: string;
}

/**
 * A coupon card's 立即领取 (the coupon centre's and the activity pages'): a visitor goes to log
 * in and back, a member claims without leaving the page; the card turns 已领取 at once and the
 * member's coupon lists (/yhq, check order) read again. A refused claim reloads the cards.
 */
export function useCouponClaim({ queryKey, update, back }: Options) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const claim = useMutation({
    mutationFn: (c: CouponCenterItem) => claimCoupon(c.id),
    onSuccess: (reply) => {
      update(reply.item);
      void message.success(`领取成功，有效期至${reply.expires_at.slice(0, 10)}`);
      void client.invalidateQueries({
        queryKey: USER_KEY,
        predicate: (q) => q.queryKey[1] !== queryKey[1],
      });
    },
    onError: () => void client.invalidateQueries({ queryKey }),
  });
  return {
    onClaim: (c: CouponCenterItem) => {
      if (c.state === 'login') void navigate(loginPath(back));
      else if (c.state === 'claimable') claim.mutate(c);
    },
    /** The id of the coupon being claimed, else null. */
    claimingId: claim.isPending ? (claim.variables?.id ?? null) : null,
  };
}
