import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { ActivityView, CouponCenterItem } from '@kc/domain';
import { loginPath } from '../../../shared/api';
import { USER_KEY } from '../../../shared/session/keys';
import { claimCoupon } from '../api/claim';
import { ACTIVITY_KEY } from '../api/keys';
import s from './activity.module.css';

const condText = (c: CouponCenterItem) =>
  Number(c.threshold) > 0 ? `满${Number(c.threshold)}元可用` : '无门槛';

interface Props {
  coupons: CouponCenterItem[];
  /** The activity query the coupons came with: a claim updates its card there. */
  queryKey: QueryKey;
}

/**
 * The template's coupons with the coupon centre's claim (POST /api/coupon/claim): 立即领取 for a
 * member, 登录领取 sends a visitor to log in and back; the card turns 已领取 without a reload.
 */
export function ActivityCoupons({ coupons, queryKey }: Props) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const claim = useMutation({
    mutationFn: (c: CouponCenterItem) => claimCoupon(c.id),
    onSuccess: (reply) => {
      client.setQueryData<ActivityView | null>(queryKey, (view) =>
        view
          ? { ...view, coupons: view.coupons.map((c) => (c.id === reply.item.id ? reply.item : c)) }
          : view,
      );
      void message.success(`领取成功，有效期至${reply.expires_at.slice(0, 10)}`);
      // The member's coupon count and lists (/yhq, check order) now include it.
      void client.invalidateQueries({
        queryKey: USER_KEY,
        predicate: (q) => q.queryKey[1] !== ACTIVITY_KEY[1],
      });
    },
    onError: () => void client.invalidateQueries({ queryKey }),
  });
  if (coupons.length === 0) return null;
  const onClaim = (c: CouponCenterItem) => {
    if (c.state === 'login') void navigate(loginPath(location.pathname + location.search));
    else if (c.state === 'claimable') claim.mutate(c);
  };
  return (
    <section className={s.coupons} aria-label="优惠券">
      {coupons.map((c) => {
        const open = c.state === 'claimable' || c.state === 'login';
        return (
          <div key={c.id} className={s.coupon} data-testid="activity-coupon">
            <div className={s.couponFace}>
              <strong>{c.face}</strong>
              <span>{condText(c)}</span>
            </div>
            <div className={s.couponBody}>
              <b title={c.name}>{c.name}</b>
              <span>{c.scope_text}</span>
              <span>{c.validity_text}</span>
              <Button
                size="small"
                type={open ? 'primary' : 'default'}
                danger={open}
                disabled={!open}
                loading={claim.isPending && claim.variables?.id === c.id}
                onClick={() => onClaim(c)}
              >
                {c.state_text}
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
