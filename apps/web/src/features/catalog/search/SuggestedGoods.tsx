import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { GoodsItem, SearchType, SuggestedGoods as Reply } from '@kc/domain';
import { api } from '../../../shared/api';
import { AddToCart } from '../../../shared/cart/AddToCart';
import { Price } from '../../../shared/goods/Price';
import { detailPath } from '../../../shared/goods/links';
import { ShelfFloorTag } from '../../../shared/goods/ShelfFloorTag';
import s from './SearchSuggestions.module.css';

interface Props {
  keywords: string;
  type: SearchType;
  /** Following a goods link closes the dropdown. */
  onLeave: () => void;
}

const stockState = (g: GoodsItem) =>
  g.is_buy !== 1 ? '暂不可购' : g.number <= 0 ? '暂时缺货' : g.number < g.zbz * 5 ? '库存紧张' : '有货';

/**
 * The goods under the suggested words (issue 17 §2, `GET /api/goods/suggest_goods`): name,
 * specification, maker (效期不足N个月 under the member's shelf-life floor), the viewer's price (登录可见 for a visitor), stock state and an add to
 * cart that steps by the middle pack. Loaded with the dropdown, not with the page.
 */
export default function SuggestedGoods({ keywords, type, onLeave }: Props) {
  const { data } = useQuery({
    queryKey: ['goods', 'suggest_goods', type, keywords],
    queryFn: ({ signal }) =>
      api.get<Reply>('/api/goods/suggest_goods', { keywords, type }, { signal, silent: true }),
    staleTime: 5_000,
  });
  if (!data || data.list.length === 0) return null;
  return (
    <section className={s.goods} aria-label="商品建议">
      <div className={s.goodsHead}>
        <span>相关商品</span>
        <Link
          to={{ pathname: '/search', search: `?keywords=${encodeURIComponent(keywords)}&type=${type}` }}
          onMouseDown={(e) => e.preventDefault()}
          onClick={onLeave}
        >
          共{data.total}
          {data.total_capped ? '+' : ''}件，查看全部
        </Link>
      </div>
      <ul className={s.goodsList}>
        {data.list.map((g) => (
          <li key={g.id} className={s.goodsRow} aria-label={g.name}>
            <Link
              to={detailPath(g.id)}
              className={s.goodsName}
              onMouseDown={(e) => e.preventDefault()}
              onClick={onLeave}
            >
              {g.trade_name ? `${g.trade_name} ${g.name}` : g.name}
            </Link>
            <span className={s.goodsMeta}>
              <ShelfFloorTag goods={g} />
              <span>{g.ypgg}</span>
              <span title={g.sccj}>{g.sccj}</span>
            </span>
            <span className={s.goodsPrice}>
              <Price goods={g} loginLink={false} />
            </span>
            <span className={s.goodsStock} data-state={stockState(g)}>
              {stockState(g)}
            </span>
            <span className={s.goodsAdd} onMouseDown={(e) => e.stopPropagation()}>
              {g.price !== null ? <AddToCart goods={g} size="small" iconOnly /> : <span>中包装 {g.zbz}</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
