import { memo } from 'react';
import { Link } from 'react-router';
import type { GoodsItem } from '@kc/domain';
import { AddToCart } from '../../../shared/cart/AddToCart';
import { FavoriteIcon } from '../../../shared/favorites/FavoriteButton';
import { GoodsTags } from '../../../shared/goods/GoodsTags';
import { BasePrice, Price } from '../../../shared/goods/Price';
import { stockText } from '../../../shared/goods/availability';
import { detailPath } from '../../../shared/goods/links';
import { ShelfFloorTag } from '../../../shared/goods/ShelfFloorTag';
import s from './GoodsViews.module.css';

export type ListView = 'grid' | 'table' | 'noImage';

export interface ViewProps {
  goods: GoodsItem[];
  favorites: ReadonlySet<number>;
  onFavorite: (id: number, favorite: boolean) => void;
}

const titleOf = (g: GoodsItem) => (g.trade_name ? `${g.trade_name} ${g.name}` : g.name);

/** One grid tile. Memoised: a favourite toggle re-renders only its own card. */
const Card = memo(function Card({
  g,
  fav,
  onFavorite,
}: { g: GoodsItem; fav: boolean } & Pick<ViewProps, 'onFavorite'>) {
  const image = g.goods_image[0]?.list;
  return (
    <Link to={detailPath(g.id)} className={s.card}>
      <div className={s.picture}>
        {image ? (
          <img src={image} alt={g.name} loading="lazy" />
        ) : (
          <span className={s.noImage}>暂无图片</span>
        )}
        {g.number <= 0 && <span className={s.soldOut}>暂时缺货</span>}
        <ShelfFloorTag goods={g} overlay />
        <span className={s.heart}>
          <FavoriteIcon favorited={fav} onToggle={() => onFavorite(g.id, !fav)} />
        </span>
      </div>
      <div className={s.name} title={titleOf(g)}>
        {titleOf(g)}
      </div>
      <div className={s.muted}>{g.ypgg}</div>
      <div className={s.muted} title={g.sccj}>
        {g.sccj}
      </div>
      <GoodsTags tags={g.tags} />
      <div className={s.priceRow}>
        <Price goods={g} loginLink={false} />
        <BasePrice goods={g} />
      </div>
      <div className={s.meta}>
        <span>中包装 {g.zbz}</span>
        {g.validity && <span>效期 {g.validity}</span>}
      </div>
      {g.price !== null && <AddToCart goods={g} size="small" iconOnly inLink />}
    </Link>
  );
});

export function GoodsGridView({ goods, favorites, onFavorite }: ViewProps) {
  return (
    <div className={s.grid}>
      {goods.map((g) => (
        <Card key={g.id} g={g} fav={favorites.has(g.id)} onFavorite={onFavorite} />
      ))}
    </div>
  );
}

const Row = memo(function Row({
  g,
  fav,
  onFavorite,
}: { g: GoodsItem; fav: boolean } & Pick<ViewProps, 'onFavorite'>) {
  return (
    <tr>
      <td>
        <Link to={detailPath(g.id)} className={s.rowName}>
          {titleOf(g)}
        </Link>
        <GoodsTags tags={g.tags} keepHeight={false} />
      </td>
      <td>{g.ypgg}</td>
      <td className={s.maker}>{g.sccj}</td>
      <td>
        {g.validity ?? '—'} <ShelfFloorTag goods={g} />
      </td>
      <td>{stockText(g)}</td>
      <td>
        {g.zbz}/{g.jzl}
      </td>
      <td>
        <Price goods={g} />
      </td>
      <td>{g.price !== null && <AddToCart goods={g} size="small" iconOnly />}</td>
      <td>
        <FavoriteIcon favorited={fav} onToggle={() => onFavorite(g.id, !fav)} />
      </td>
    </tr>
  );
});

/** list_table: one line per goods with the facts a buyer compares. Plain table, cheap at 100 rows. */
export function GoodsTableView({ goods, favorites, onFavorite }: ViewProps) {
  return (
    <table className={s.table}>
      <thead>
        <tr>
          <th>商品名称</th>
          <th>规格</th>
          <th>生产厂家</th>
          <th>有效期至</th>
          <th>库存</th>
          <th>中包装/件装</th>
          <th>价格</th>
          <th>采购</th>
          <th>收藏</th>
        </tr>
      </thead>
      <tbody>
        {goods.map((g) => (
          <Row key={g.id} g={g} fav={favorites.has(g.id)} onFavorite={onFavorite} />
        ))}
      </tbody>
    </table>
  );
}

const Line = memo(function Line({
  g,
  fav,
  onFavorite,
}: { g: GoodsItem; fav: boolean } & Pick<ViewProps, 'onFavorite'>) {
  return (
    <li className={s.line}>
      <Link to={detailPath(g.id)} className={s.lineName} title={titleOf(g)}>
        {titleOf(g)}
        <small>{g.ypgg}</small>
      </Link>
      <span className={s.lineMaker} title={g.sccj}>
        {g.sccj}
      </span>
      <span className={s.lineMuted}>{g.validity ? `效期 ${g.validity}` : ''}</span>
      {/* The cell stays when there are no tags, so every line keeps its columns. */}
      <span>
        <ShelfFloorTag goods={g} />
        <GoodsTags tags={g.tags} keepHeight={false} />
      </span>
      <span className={s.linePrice}>
        <Price goods={g} />
      </span>
      <FavoriteIcon favorited={fav} onToggle={() => onFavorite(g.id, !fav)} />
    </li>
  );
});

/** list_no_image: a dense text list for buyers who know what they want. */
export function GoodsLinesView({ goods, favorites, onFavorite }: ViewProps) {
  return (
    <ul className={s.lines} aria-label="商品列表（无图）">
      {goods.map((g) => (
        <Line key={g.id} g={g} fav={favorites.has(g.id)} onFavorite={onFavorite} />
      ))}
    </ul>
  );
}
