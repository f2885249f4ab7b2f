import { Link } from 'react-router';
import { PRICE_HINTS, type GoodsItem } from '@kc/domain';
import s from './Price.module.css';

type Priced = Pick<GoodsItem, 'price' | 'base_price' | 'price_hint' | 'bzdw'>;

/**
 * The wholesale price as the server sent it (yuan string), or why it is hidden: a visitor
 * gets 登录可见 linking to /login, a member awaiting approval 审核通过后可见.
 */
interface Props {
  goods: Priced;
  size?: 'normal' | 'large';
  /** False inside another link (a grid card), where a nested link is not allowed. */
  loginLink?: boolean;
}

export function Price({ goods, size = 'normal', loginLink = true }: Props) {
  if (!goods.price) {
    const hint = goods.price_hint || PRICE_HINTS.visitor;
    return loginLink && hint === PRICE_HINTS.visitor ? (
      <Link to="/login" className={s.hint}>
        {hint}
      </Link>
    ) : (
      <span className={s.hint}>{hint}</span>
    );
  }
  return (
    <span className={`${s.price} ${size === 'large' ? s.large : ''}`}>
      <small>¥</small>
      {goods.price}
      {goods.bzdw && <em>/{goods.bzdw}</em>}
    </span>
  );
}

/** 建议零售价 struck through, when it differs from the wholesale price. */
export function BasePrice({ goods }: { goods: Priced }) {
  if (!goods.price || !goods.base_price || goods.base_price === goods.price) return null;
  return <del className={s.basePrice}>¥{goods.base_price}</del>;
}
