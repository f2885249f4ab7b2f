import { memo } from 'react';
import { Button, Empty, Spin } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { yuanToFen, type CartLineView, type CartTotalsView } from '@kc/domain';
import { useCartList } from '../../../shared/cart/list';
import { LineReductions } from '../../../shared/cart/LineReductions';
import { LineReason } from './LineGoods';
import { useDeleteConfirm } from './useDeleteConfirm';
import s from './drawer.module.css';

const DrawerLine = memo(function DrawerLine({
  line,
  onDelete,
}: {
  line: CartLineView;
  onDelete: (ids: number[]) => void;
}) {
  const image = line.goods.goods_image[0]?.list;
  return (
    <li className={s.line}>
      {image ? <img src={image} alt="" className={s.thumb} loading="lazy" /> : <div className={s.thumb} />}
      <div className={s.info}>
        <div className={s.name} title={line.goods.name}>
          {line.goods.name}
        </div>
        <div className={s.muted}>{line.goods.ypgg}</div>
        <div className={s.row}>
          <span className={s.price}>¥{line.price}</span>
          <span className={s.muted}>
            ×{line.number}
            {line.goods.bzdw}
          </span>
        </div>
        <LineReductions reductions={line.reductions} inline />
        <LineReason line={line} />
      </div>
      <Button
        type="text"
        size="small"
        icon={<DeleteOutlined />}
        aria-label={`删除 ${line.goods.name}`}
        onClick={() => onDelete([line.id])}
      />
    </li>
  );
});

/**
 * The drawer's lines: the cart is read when the drawer opens (this mounts only then) and read
 * again whenever a cart change sets the action flag (the add invalidates the cart queries).
 */
/**
 * What the drawer's 合计 holds (issue 17 §3): it is the order amount, so it says whether a
 * 满减 was taken off and whether freight is in it.
 */
export function totalNote(t: Pick<CartTotalsView, 'manjian_amount' | 'shipping_amount'>): string {
  const parts: string[] = [];
  if (yuanToFen(t.manjian_amount) > 0) parts.push(`已减满减¥${t.manjian_amount}`);
  parts.push(yuanToFen(t.shipping_amount) > 0 ? `含运费¥${t.shipping_amount}` : '免运费');
  return parts.join('，');
}

export function CartDrawerLines() {
  const { data, isPending } = useCartList();
  const confirmDelete = useDeleteConfirm();
  if (isPending) return <Spin className={s.loading} aria-label="加载中" />;
  if (!data || data.data.length === 0) return <Empty className={s.loading} description="购物车还是空的" />;
  return (
    <div className={s.body}>
      <ul className={s.lines} aria-label="购物车商品">
        {data.data.map((l) => (
          <DrawerLine key={l.id} line={l} onDelete={confirmDelete} />
        ))}
      </ul>
      <div className={s.total}>
        已选 {data.total.selected_count} 种，合计 <b>¥{data.total.order_amount}</b>
        <span className={s.totalNote}>（{totalNote(data.total)}）</span>
      </div>
    </div>
  );
}
