import { Alert } from 'antd';
import { Link } from 'react-router';
import type { PlaceRefusal } from '../api/place';
import s from './checkout.module.css';

/** Why the last 提交订单 was refused: a new amount to confirm, or lines that cannot be ordered. */
export function PlaceNotices({ refusal, hasHm }: { refusal: PlaceRefusal | null; hasHm: boolean }) {
  return (
    <>
      {hasHm && (
        <Alert
          className={s.notice}
          type="info"
          showIcon
          role="note"
          title="订单含含麻黄碱类复方制剂，支付时需登记购买人身份信息"
        />
      )}
      {refusal?.kind === 'amount_changed' && (
        <Alert
          className={s.notice}
          type="warning"
          showIcon
          role="alert"
          title={refusal.message || '订单金额已变动，请确认后再提交'}
          description={`最新应付金额为¥${refusal.preview.amounts.payable}，请核对后再次提交订单。`}
        />
      )}
      {refusal?.kind === 'problems' && (
        <Alert
          className={s.notice}
          type="error"
          showIcon
          role="alert"
          title={refusal.message || '以下商品暂不能下单'}
          description={
            <>
              <ul>
                {refusal.problems.map((p) => (
                  <li key={`${'id' in p ? p.id : p.goods_id}-${p.reason}`}>
                    {p.name}：{p.message}
                  </li>
                ))}
              </ul>
              <Link to="/cart">返回购物车修改</Link>
            </>
          }
        />
      )}
    </>
  );
}
