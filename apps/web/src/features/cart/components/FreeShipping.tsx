import { Progress } from 'antd';
import { yuanToFen, type CartShippingView } from '@kc/domain';
import s from './cart.module.css';

/** Progress towards the free-shipping amount (`shipping_data`), from the server's figures. */
export function FreeShipping({ shipping, payable }: { shipping: CartShippingView; payable: string }) {
  const threshold = yuanToFen(shipping.no_trans_order_amount);
  const short = yuanToFen(shipping.short_amount);
  const free = short === 0 && yuanToFen(shipping.shipping_amount) === 0;
  const percent = free || threshold === 0 ? 100 : Math.floor((yuanToFen(payable) * 100) / threshold);
  return (
    <section className={s.panel} aria-label="包邮进度">
      <h3 className={s.panelTitle}>运费</h3>
      <Progress percent={Math.min(100, percent)} showInfo={false} strokeColor="#ff6a00" size="small" />
      <div className={s.hint} role="status">
        {yuanToFen(payable) === 0
          ? `满¥${shipping.no_trans_order_amount}包邮`
          : free
            ? '已满足包邮条件，免运费'
            : `再买¥${shipping.short_amount}即可包邮（满¥${shipping.no_trans_order_amount}包邮），当前运费¥${shipping.shipping_amount}`}
      </div>
    </section>
  );
}
