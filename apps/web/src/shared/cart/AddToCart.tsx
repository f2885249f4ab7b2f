import { useState, type MouseEvent } from 'react';
import { App, Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { adjustToMiddlePack, defaultQuantity, roundUpToCase } from '@kc/domain';
import { useCartNumber } from './list';
import { QuantityStepper } from './QuantityStepper';
import { unavailable } from '../goods/availability';
import { cartItem, quantityProblem, useCartAdder, type AddableGoods } from './useCartAdder';
import s from './AddToCart.module.css';

interface Props {
  goods: AddableGoods;
  /** The quantity chosen elsewhere (the detail page's own control); without it a stepper shows. */
  quantity?: number;
  size?: 'small' | 'middle' | 'large';
  /** Only the icon on the button (narrow list cards and rows). */
  iconOnly?: boolean;
  /** Inside a card that is a link: clicks here must not open the detail page. */
  inLink?: boolean;
}

const keepInCard = (event: MouseEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

/**
 * 加入购物车: quantity defaults to what the cart already holds, else one middle pack (SPEC §5),
 * stepping by the middle pack; the add waits 200 ms and reports 加入购物车成功.
 */
export function AddToCart({ goods, quantity, size = 'middle', iconOnly = false, inLink = false }: Props) {
  const { message } = App.useApp();
  const inCart = useCartNumber(goods.id);
  const [own, setOwn] = useState<number | null>(null);
  const caseRules = { jzl: goods.jzl, roundToCase: goods.round_to_case === 1 };
  const number = quantity ?? own ?? roundUpToCase(defaultQuantity(inCart, goods.zbz), caseRules);
  const { add, busy } = useCartAdder();
  const blocked = unavailable(goods);
  const onAdd = () => {
    const problem = quantityProblem(goods, number);
    if (problem) return void message.error(problem);
    // The server rounds up to a full case: say so (已按整件24盒调整为48盒).
    const { note } = adjustToMiddlePack(number, { ...caseRules, zbz: goods.zbz, bzdw: goods.bzdw });
    add([cartItem(goods, number)], undefined, note);
  };
  const button = (
    <Button
      type="primary"
      size={size}
      icon={<ShoppingCartOutlined />}
      loading={busy}
      disabled={blocked !== null}
      title={blocked?.reason}
      aria-label={iconOnly ? '加入购物车' : undefined}
      onClick={onAdd}
    >
      {iconOnly ? null : (blocked?.label ?? '加入购物车')}
    </Button>
  );
  if (quantity !== undefined) return button;
  return (
    <span className={s.addToCart} onClick={inLink ? keepInCard : undefined}>
      <QuantityStepper
        value={number}
        rules={{
          zbz: goods.zbz,
          qgNumber: goods.qg_number,
          stock: goods.number,
          jzl: goods.jzl,
          roundToCase: goods.round_to_case === 1,
        }}
        unit={goods.bzdw}
        disabled={blocked !== null}
        size={size === 'large' ? 'middle' : size}
        onChange={setOwn}
      />
      {button}
    </span>
  );
}
