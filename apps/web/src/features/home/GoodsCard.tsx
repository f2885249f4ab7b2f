import { Link } from 'react-router';
import { PRICE_HINTS, type GoodsItem } from '@kc/domain';
import { GoodsTags } from '../../shared/goods/GoodsTags';
import { ShelfFloorTag } from '../../shared/goods/ShelfFloorTag';
import s from './GoodsCard.module.css';

/** A home goods tile's data: a flash-sale floor's goods may carry the sale's price and limit. */
type SpikeGoods = GoodsItem & { activity_price?: string | null; limit?: number };

/** A goods tile of the home sections: picture, name, spec, maker, price (or why it is hidden). */
export function GoodsCard({ goods, spike = false }: { goods: SpikeGoods; spike?: boolean }) {
  // A running flash sale's price is what the cart charges: shown first, the list price struck.
  const price = goods.activity_price ?? goods.price;
  const was = goods.activity_price ? goods.price : goods.base_price;
  const image = goods.goods_image[0]?.list;
  const title = goods.trade_name ? `${goods.trade_name} ${goods.name}` : goods.name;
  return (
    <Link to={`/list/info/${goods.id}`} className={`${s.card} ${spike ? s.spike : ''}`}>
      <div className={s.picture}>
        {image ? (
          <img src={image} alt={goods.name} loading="lazy" />
        ) : (
          <span className={s.noImage}>暂无图片</span>
        )}
        {goods.number <= 0 && <span className={s.soldOut}>暂时缺货</span>}
        <ShelfFloorTag goods={goods} overlay />
      </div>
      <div className={s.name} title={title}>
        {title}
      </div>
      <div className={s.spec}>{goods.ypgg}</div>
      <div className={s.maker} title={goods.sccj}>
        {goods.sccj}
      </div>
      <GoodsTags tags={goods.tags} />
      <div className={s.priceRow}>
        {price ? (
          <span className={s.price}>
            <small>¥</small>
            {price}
            {goods.bzdw && <em>/{goods.bzdw}</em>}
          </span>
        ) : (
          <span className={s.hint}>{goods.price_hint || PRICE_HINTS.visitor}</span>
        )}
        {price && was && was !== price && <del className={s.basePrice}>¥{was}</del>}
      </div>
      {price && goods.activity_price && goods.limit ? (
        <div className={s.spec}>
          限购{goods.limit}
          {goods.bzdw}
        </div>
      ) : null}
    </Link>
  );
}
