import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Progress, Spin } from 'antd';
import type { CouponCenterItem } from '@kc/domain';
import { couponCondText, useCouponClaim } from '../../../shared/coupons/claim';
import { couponCenterQuery, COUPON_CENTER_KEY } from '../api/center';
import s from './LqzxPage.module.css';

function CouponTile({
  c,
  claiming,
  onClaim,
}: {
  c: CouponCenterItem;
  claiming: boolean;
  onClaim: (c: CouponCenterItem) => void;
}) {
  const dim = c.state === 'sold_out';
  const kindClass = c.kind === 'cash' ? s.cash : c.kind === 'discount' ? s.discount : '';
  return (
    <div className={[s.card, kindClass, dim ? s.dim : ''].join(' ')} data-testid="center-coupon">
      <div className={s.top}>
        <span className={s.kind}>{c.kind_text}</span>
        <div className={s.face}>{c.face}</div>
        <div className={s.cond}>{couponCondText(c)}</div>
      </div>
      <div className={s.body}>
        <div className={s.name} title={c.name}>
          {c.name}
        </div>
        <div>{c.scope_text}</div>
        <div>{c.validity_text}</div>
        {c.description && <div>{c.description}</div>}
        {c.total > 0 ? (
          <div className={s.progress}>
            <Progress percent={c.claimed_percent} size="small" strokeColor="#f5222d" showInfo={false} />
            <span>
              已领{c.claimed_percent}% · 剩余{c.remaining}张
            </span>
          </div>
        ) : (
          <div className={s.progress}>不限量</div>
        )}
        <div className={s.action}>
          <Button
            block
            type={c.state === 'claimable' || c.state === 'login' ? 'primary' : 'default'}
            danger={c.state === 'claimable' || c.state === 'login'}
            disabled={c.state === 'claimed' || c.state === 'sold_out' || c.state === 'not_approved'}
            loading={claiming}
            onClick={() => onClaim(c)}
          >
            {c.state_text}
          </Button>
        </div>
      </div>
    </div>
  );
}

/**
 * /lqzx 领券中心: the coupons an operator published, each with its face value, threshold,
 * scope, validity and what is left; a member claims without leaving the page, and the claimed
 * coupon is then in /yhq and offered at check order. Visitors see the cards with 登录领取.
 */
export function LqzxPage() {
  const client = useQueryClient();
  const { data, isPending } = useQuery(couponCenterQuery);
  const { onClaim, claimingId } = useCouponClaim({
    queryKey: COUPON_CENTER_KEY,
    update: (item) =>
      client.setQueryData<CouponCenterItem[]>(COUPON_CENTER_KEY, (old) =>
        old?.map((c) => (c.id === item.id ? item : c)),
      ),
    back: '/lqzx',
  });
  return (
    <div className={s.page}>
      <div className={s.banner}>
        <h1>领券中心</h1>
        <p>领取优惠券，下单立减；领取后可在“我的优惠券”中查看</p>
      </div>
      {isPending ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : !data?.length ? (
        <Empty description="暂无可领取的优惠券，敬请期待" style={{ padding: 80 }} />
      ) : (
        <div className={s.grid}>
          {data.map((c) => (
            <CouponTile key={c.id} c={c} claiming={claimingId === c.id} onClaim={onClaim} />
          ))}
        </div>
      )}
    </div>
  );
}
