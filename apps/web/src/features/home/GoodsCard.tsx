import { Link } from 'react-router';
import { PRICE_HINTS, type GoodsItem } from '@kc/domain';
import { GoodsTags } from '../../shared/goods/GoodsTags';
import s from './GoodsCard.module.css';

/** A goods tile of the home sections: picture, name, spec, maker, price (or why it is hidden). */
export function GoodsCard({ goods, spike = false }: { goods: GoodsItem; spike?: boolean }) {
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
        {goods.price ? (
          <span className={s.price}>
            <small>¥</small>
            {goods.price}
            {goods.bzdw && <em>/{goods.bzdw}</em>}
          </span>
        ) : (
          <span className={s.hint}>{goods.price_hint || PRICE_HINTS.visitor}</span>
        )}
        {goods.price && goods.base_price && goods.base_price !== goods.price && (
          <del className={s.basePrice}>¥{goods.base_price}</del>
        )}
      </div>
    </Link>
  );
}
