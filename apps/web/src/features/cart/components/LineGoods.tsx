import { memo } from 'react';
import { Link } from 'react-router';
import type { CartLineView } from '@kc/domain';
import { detailPath } from '../../../shared/goods/links';
import { PurchaseBlockNotice } from '../../../shared/goods/PurchaseBlockNotice';
import { LotExpiryNote } from '../../../shared/member/LotExpiryNote';
import { LineTags } from './LineTags';
import s from './cart.module.css';

/** Why a line cannot be bought now: a compliance block (with its way out) or unavailability. */
export function LineReason({ line }: { line: CartLineView }) {
  if (line.block) return <PurchaseBlockNotice block={line.block} variant="inline" />;
  if (line.unavailable) {
    return (
      <span role="note" className={s.reason}>
        {line.unavailable.message}
      </span>
    );
  }
  if (line.quantity_problem) {
    return (
      <span role="note" className={s.reason}>
        {line.quantity_problem}
      </span>
    );
  }
  return null;
}

/** The goods cell of a cart line: picture, name, specification, maker, tags and notices. */
export const LineGoods = memo(function LineGoods({ line }: { line: CartLineView }) {
  const g = line.goods;
  const image = g.goods_image[0]?.list;
  const name = line.combination === 1 ? g.name : <Link to={detailPath(g.id)}>{g.name}</Link>;
  return (
    <div className={s.goods}>
      {image ? <img src={image} alt="" className={s.thumb} loading="lazy" /> : <div className={s.thumb} />}
      <div className={s.goodsInfo}>
        <div className={s.goodsName}>{name}</div>
        <div className={s.muted}>
          {g.ypgg}
          {g.sccj && ` · ${g.sccj}`}
          {g.ck_name && ` · ${g.ck_name}`}
        </div>
        <LineTags line={line} />
        <LotExpiryNote expiry={line.lot_expiry} />
        {line.price_changed && (
          <div role="status" className={s.priceChanged}>
            价格已变动：原价 ¥{line.price_changed.old}，现价 ¥{line.price_changed.new}
          </div>
        )}
        <LineReason line={line} />
      </div>
    </div>
  );
});
