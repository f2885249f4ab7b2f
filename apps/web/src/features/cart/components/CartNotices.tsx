import { Alert } from 'antd';
import { CART_MESSAGES, type CartStateView, type CheckoutRefusalView } from '@kc/domain';
import s from './cart.module.css';

/** Price changes since the buyer last saw the goods, and why the last checkout was refused. */
export function CartNotices({
  state,
  refusal,
}: {
  state: CartStateView;
  refusal: CheckoutRefusalView | null;
}) {
  const names = new Map(state.data.map((l) => [l.id, l.goods.name]));
  return (
    <>
      {state.price_changed.length > 0 && (
        <Alert
          className={s.notice}
          type="warning"
          showIcon
          title={CART_MESSAGES.priceChanged}
          description={
            <ul>
              {state.price_changed.map((c) => (
                <li key={c.id}>
                  {names.get(c.id) ?? `商品${c.goods_id}`}：¥{c.old} → ¥{c.new}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {refusal && refusal.problems.length > 0 && (
        <Alert
          className={s.notice}
          type="error"
          showIcon
          role="alert"
          title="以下商品暂不能结算"
          description={
            <ul>
              {refusal.problems.map((p) => (
                <li key={`${p.id}-${p.reason}`}>
                  {p.name}：{p.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );
}
