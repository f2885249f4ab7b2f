import { Link } from 'react-router';
import type { ActivityGoodsItem, GoodsItem } from '@kc/domain';
import { AddToCart } from '../../../shared/cart/AddToCart';
import { GoodsTags } from '../../../shared/goods/GoodsTags';
import { BasePrice, Price } from '../../../shared/goods/Price';
import { detailPath } from '../../../shared/goods/links';
import { ShelfFloorTag } from '../../../shared/goods/ShelfFloorTag';
import s from './activity.module.css';

type CardGoods = GoodsItem & Partial<Pick<ActivityGoodsItem, 'activity_price' | 'limit'>>;

export const goodsTitle = (g: GoodsItem) => (g.trade_name ? `${g.trade_name} ${g.name}` : g.name);

/** '限购5件' for a per-buyer limit, '' without one. */
export const limitText = (limit: number | undefined) => (limit && limit > 0 ? `限购${limit}件` : '');

/**
 * The activity price, with the list price struck through; or, without an activity price, the
 * price as the catalogue shows it (登录可见 for a visitor).
 */
export function ActivityPrice({ goods, loginLink = false }: { goods: CardGoods; loginLink?: boolean }) {
  if (goods.price !== null && goods.activity_price) {
    return (
      <>
        <span className={s.activityPrice} aria-label="活动价">
          <small>¥</small>
          {goods.activity_price}
        </span>
        <del className={s.listPrice} aria-label="原价">
          ¥{goods.price}
        </del>
      </>
    );
  }
  return (
    <>
      <Price goods={goods} loginLink={loginLink} />
      <BasePrice goods={goods} />
    </>
  );
}

/** A goods tile of an activity page, like the list's cards: picture, facts, price, add to cart. */
export function ActivityGoodsCard({ goods }: { goods: CardGoods }) {
  const image = goods.goods_image[0]?.list;
  const limit = limitText(goods.limit);
  return (
    <Link to={detailPath(goods.id)} className={s.card} data-testid="activity-goods">
      <div className={s.picture}>
        {image ? (
          <img src={image} alt={goods.name} loading="lazy" />
        ) : (
          <span className={s.noImage}>暂无图片</span>
        )}
        {goods.number <= 0 && <span className={s.soldOut}>暂时缺货</span>}
        <ShelfFloorTag goods={goods} overlay />
      </div>
      <div className={s.name} title={goodsTitle(goods)}>
        {goodsTitle(goods)}
      </div>
      <div className={s.muted}>{goods.ypgg}</div>
      <div className={s.muted} title={goods.sccj}>
        {goods.sccj}
      </div>
      <GoodsTags tags={goods.tags} />
      <div className={s.priceRow}>
        <ActivityPrice goods={goods} />
        {limit && <span className={s.limit}>{limit}</span>}
      </div>
      {goods.price !== null && <AddToCart goods={goods} size="small" iconOnly inLink />}
    </Link>
  );
}
