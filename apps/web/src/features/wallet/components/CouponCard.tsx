import { Button } from 'antd';
import { Link } from 'react-router';
import type { MemberCouponView } from '@kc/domain';
import s from './CouponCard.module.css';

/** The face value on the stub: ￥30 for money off, 9.5折 for a discount. */
function Value({ c }: { c: MemberCouponView }) {
  if (c.kind === 'discount')
    return (
      <div className={s.value}>
        {c.rate / 100}
        <small>折</small>
      </div>
    );
  return (
    <div className={s.value}>
      <small>￥</small>
      {Number(c.amount)}
    </div>
  );
}

/** A member coupon as Chinese B2B sites draw it: a coloured stub with the value, the terms beside it. */
export function CouponCard({ coupon: c }: { coupon: MemberCouponView }) {
  const dim = c.status !== 'unused';
  const cond = Number(c.threshold) > 0 ? `满${Number(c.threshold)}元可用` : '无门槛';
  return (
    <div
      className={[s.card, c.kind === 'cash' ? s.cash : '', dim ? s.dim : ''].join(' ')}
      data-testid="coupon-card"
    >
      <div className={s.stub}>
        <Value c={c} />
        <div className={s.cond}>{cond}</div>
      </div>
      <div className={s.body}>
        <div className={s.name}>
          <span className={s.kind}>{c.kind_text}</span>
          {c.name}
        </div>
        <div>{c.scope_text}</div>
        <div>
          {c.valid_from.slice(0, 10)} 至 {c.valid_to.slice(0, 10)}
        </div>
        {c.status === 'used' && c.used_at && <div>使用时间：{c.used_at.slice(0, 16)}</div>}
        {c.status === 'unused' &&
          (c.not_started ? (
            <span className={s.use}>未到使用时间</span>
          ) : (
            <Link to="/list" className={s.use}>
              <Button size="small" danger>
                立即使用
              </Button>
            </Link>
          ))}
      </div>
      {dim && <div className={s.stamp}>{c.status_text}</div>}
    </div>
  );
}
