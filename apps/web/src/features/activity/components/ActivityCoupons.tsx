import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button } from 'antd';
import { useLocation } from 'react-router';
import type { ActivityView, CouponCenterItem } from '@kc/domain';
import { couponCondText, useCouponClaim } from '../../../shared/coupons/claim';
import s from './activity.module.css';

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
  const location = useLocation();
  const client = useQueryClient();
  const { onClaim, claimingId } = useCouponClaim({
    queryKey,
    update: (item) =>
      client.setQueryData<ActivityView | null>(queryKey, (view) =>
        view ? { ...view, coupons: view.coupons.map((c) => (c.id === item.id ? item : c)) } : view,
      ),
    back: location.pathname + location.search,
  });
  if (coupons.length === 0) return null;
  return (
    <section className={s.coupons} aria-label="优惠券">
      {coupons.map((c) => {
        const open = c.state === 'claimable' || c.state === 'login';
        return (
          <div key={c.id} className={s.coupon} data-testid="activity-coupon">
            <div className={s.couponFace}>
              <strong>{c.face}</strong>
              <span>{couponCondText(c)}</span>
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
                loading={claimingId === c.id}
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
