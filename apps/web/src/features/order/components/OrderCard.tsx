import { Link } from 'react-router';
import { Tag } from 'antd';
import type { OrderListItemView } from '@kc/domain';
import { OrderActions } from './OrderActions';
import { STATUS_COLOR } from './status';
import s from './order.module.css';

/** One order of the order centre: header, up to five lines, the payable and its actions. */
export function OrderCard({ order }: { order: OrderListItemView }) {
  const more = order.line_count - order.lines.length;
  return (
    <article className={s.card} aria-label={`订单 ${order.order_no}`}>
      <header className={s.cardHead}>
        <span>
          订单号：<Link to={`/order/info/${order.id}`}>{order.order_no}</Link>
        </span>
        <span>下单时间：{order.created_at}</span>
        {order.is_hm === 1 && <Tag color="purple">含麻</Tag>}
        <Tag className={s.status} color={STATUS_COLOR[order.status]}>
          {order.status_text}
        </Tag>
      </header>
      {order.lines.map((line, i) => (
        <div className={s.line} key={`${line.goods_id}-${i}`}>
          {line.image ? <img src={line.image} alt="" className={s.thumb} loading="lazy" /> : null}
          <div className={s.goods}>
            <div className={s.name}>{line.name}</div>
            <div className={s.muted}>规格：{line.ypgg}</div>
            <div className={s.muted}>厂家：{line.sccj}</div>
          </div>
          <div className={s.qty}>×{line.number}</div>
          <div className={s.price}>¥{line.price}</div>
        </div>
      ))}
      <footer className={s.cardFoot}>
        <span>
          {more > 0 && (
            <span className={s.muted} style={{ marginRight: 12 }}>
              等共{order.line_count}种商品
            </span>
          )}
          应付金额：<span className={s.money}>¥{order.payable}</span>
        </span>
        <OrderActions order={order} detailLink />
      </footer>
    </article>
  );
}
