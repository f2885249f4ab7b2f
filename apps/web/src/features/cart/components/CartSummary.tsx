import { Button, Checkbox } from 'antd';
import type { CartLineView, CartTotalsView } from '@kc/domain';
import { savings } from '../pricing';
import s from './cart.module.css';

interface Props {
  lines: CartLineView[];
  totals: CartTotalsView;
  allSelected: boolean;
  someSelected: boolean;
  onSelectAll: (selected: boolean) => void;
  onDeleteSelected: () => void;
  onCheckout: () => void;
  checkingOut: boolean;
}

/** The sticky bottom bar: select all, batch delete, the totals of the selection and checkout. */
export function CartSummary(p: Props) {
  const t = p.totals;
  return (
    <div className={s.summary} aria-label="结算栏">
      <Checkbox
        checked={p.allSelected}
        indeterminate={p.someSelected && !p.allSelected}
        onChange={(e) => p.onSelectAll(e.target.checked)}
      >
        全选
      </Checkbox>
      <Button type="link" onClick={p.onDeleteSelected} disabled={t.selected_count === 0}>
        删除选中
      </Button>
      <dl className={s.amounts}>
        <div>
          <dt>已选商品</dt>
          <dd>{t.selected_count} 种</dd>
        </div>
        <div>
          <dt>商品金额</dt>
          <dd aria-label="商品金额">¥{t.goods_amount}</dd>
        </div>
        <div>
          <dt>已优惠</dt>
          <dd aria-label="已优惠">¥{savings(p.lines)}</dd>
        </div>
        <div>
          <dt>满减</dt>
          <dd aria-label="满减">-¥{t.manjian_amount}</dd>
        </div>
        <div>
          <dt>运费</dt>
          <dd aria-label="运费">¥{t.shipping_amount}</dd>
        </div>
        <div className={s.payable}>
          <dt>应付总额</dt>
          <dd aria-label="应付总额">¥{t.order_amount}</dd>
        </div>
      </dl>
      <Button
        type="primary"
        danger
        className={s.checkout}
        disabled={t.selected_count === 0}
        loading={p.checkingOut}
        onClick={p.onCheckout}
      >
        去结算
      </Button>
    </div>
  );
}
