import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Skeleton, Tooltip } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import type { GoodsDetail } from '@kc/domain';
import { isMember, useUser } from '../../../shared/session/user';
import { AddToCart } from '../../../shared/cart/AddToCart';
import { PurchaseBlockNotice } from '../../../shared/goods/PurchaseBlockNotice';
import { unavailable } from '../../../shared/goods/availability';
import { FavoriteButton } from '../../../shared/favorites/FavoriteButton';
import { useFavoriteIds } from '../../../shared/favorites/favorites';
import { goodsIdOf, useGoodsDetail } from '../api/goods';
import { GoodsTags } from '../../../shared/goods/GoodsTags';
import { Empty } from '../components/Placeholders';
import { categoryPath } from '../../../shared/goods/links';
import { Facts, Lots } from './Facts';
import { ShelfFloorNote } from '../../../shared/member/ShelfFloorNote';
import { Gallery } from './Gallery';
import { PriceBlock } from './PriceBlock';
import { QuantityControl, toPackMultiple } from './QuantityControl';
import s from './DetailPage.module.css';

/** What the add-to-cart slot receives: the goods and the chosen quantity. */
export interface BuyContext {
  goods: GoodsDetail;
  quantity: number;
}

/** Until the cart lands: a disabled button that says so. */
export function ComingSoonBuy() {
  return (
    <Tooltip title="购物车即将上线">
      <span>
        <Button type="primary" size="large" icon={<ShoppingCartOutlined />} disabled>
          加入购物车
        </Button>
      </span>
    </Tooltip>
  );
}

const canBuy = (g: GoodsDetail) => unavailable(g) === null;
const maxQuantity = (g: GoodsDetail) => (g.qg_number > 0 ? Math.min(g.qg_number, g.number) : g.number);

function Body({ goods: g, buySlot }: { goods: GoodsDetail; buySlot: (ctx: BuyContext) => ReactNode }) {
  const [quantity, setQuantity] = useState(() =>
    toPackMultiple(g.zbz, g.zbz, Math.max(g.zbz, maxQuantity(g))),
  );
  const member = isMember(useUser());
  const favorited = useFavoriteIds([g.id], member).has(g.id);
  return (
    <div className={s.page}>
      <nav className={s.crumbs} aria-label="位置">
        <Link to="/">首页</Link> ›{' '}
        {g.category.parent && (
          <>
            <Link to={categoryPath(g.category.parent.id)}>{g.category.parent.name}</Link> ›{' '}
          </>
        )}
        <Link to={categoryPath(g.category.id)}>{g.category.name}</Link> › <span>{g.name}</span>
      </nav>
      <div className={s.top}>
        <Gallery images={g.goods_image} name={g.name} />
        <div className={s.info}>
          <h1 className={s.name}>
            {g.trade_name && <span className={s.trade}>{g.trade_name}</span>}
            {g.name}
          </h1>
          <GoodsTags tags={g.tags} keepHeight={false} />
          <PriceBlock goods={g} />
          <Facts goods={g} />
          <ShelfFloorNote lots={g.lots} quantity={quantity} bzdw={g.bzdw} />
          {g.buy_block ? (
            <PurchaseBlockNotice block={g.buy_block} />
          ) : (
            unavailable(g) && <Alert type="info" showIcon role="note" title={unavailable(g)!.reason} />
          )}
          <div className={s.buy}>
            <span className={s.label}>采购数量</span>
            <QuantityControl
              value={quantity}
              onChange={setQuantity}
              step={g.zbz}
              max={maxQuantity(g)}
              unit={g.bzdw}
              disabled={!canBuy(g)}
            />
            <span className={s.stepHint}>
              按中包装 {g.zbz}
              {g.bzdw} 递增
            </span>
          </div>
          <div className={s.actions}>
            {g.buy_block ? (
              <Button size="large" disabled>
                暂不能购买
              </Button>
            ) : canBuy(g) ? (
              buySlot({ goods: g, quantity })
            ) : (
              <Button size="large" disabled>
                {unavailable(g)?.label}
              </Button>
            )}
            <FavoriteButton goodsId={g.id} favorited={favorited} />
          </div>
        </div>
      </div>
      <Lots goods={g} />
    </div>
  );
}

/**
 * The goods detail (/list/info/:id). `buySlot` renders the add-to-cart control; the cart
 * feature passes its own, until then the button is disabled with 购物车即将上线.
 */
export function GoodsDetailView({
  buySlot = () => <ComingSoonBuy />,
}: {
  buySlot?: (ctx: BuyContext) => ReactNode;
}) {
  const id = goodsIdOf(useParams().id);
  const valid = id > 0;
  const { data, isPending, isError } = useGoodsDetail(id);
  if (!valid || isError) return <Empty text="商品不存在或已下架" />;
  if (isPending) {
    return (
      <div className={s.page} aria-busy="true" aria-label="加载中">
        <Skeleton.Image active className={s.skeletonImage} />
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  // Keyed by id: moving to another goods starts its quantity afresh.
  return <Body key={data.id} goods={data} buySlot={buySlot} />;
}

export const DetailPage = () => (
  <GoodsDetailView
    buySlot={({ goods, quantity }) => <AddToCart goods={goods} quantity={quantity} size="large" />}
  />
);
