import { reachedTier, smallestOrderable, type GoodsItem } from '@kc/domain';
import { BasePrice, Price } from '../../../shared/goods/Price';
import s from './DetailPage.module.css';

/**
 * Price (or why it is hidden), retail price and the ladder tiers the server sent. The headline
 * is what the smallest orderable quantity pays (issue 17 §3): when one middle pack (or case)
 * already reaches a tier, that tier's price, and a line saying so.
 */
export function PriceBlock({ goods }: { goods: GoodsItem }) {
  const smallest = smallestOrderable({
    zbz: goods.zbz,
    jzl: goods.jzl,
    roundToCase: goods.round_to_case === 1,
  });
  const tier = goods.price ? reachedTier(goods.ladder_price_type, goods.ladder_price, smallest) : null;
  const headline = tier ? { ...goods, price: tier.price } : goods;
  return (
    <div className={s.priceBlock}>
      <div className={s.priceLine}>
        <span className={s.label}>批发价</span>
        <Price goods={headline} size="large" />
        {goods.base_price && (
          <span className={s.retail}>
            建议零售价 <BasePrice goods={goods} />
          </span>
        )}
      </div>
      {tier && (
        <p className={s.tierNote} role="note" aria-label="起订价说明">
          最少采购{smallest}
          {goods.bzdw}，已达“≥{tier.number}
          {goods.bzdw}”阶梯价（单件批发价 ¥{goods.price}）
        </p>
      )}
      {goods.ladder_price.length > 0 && (
        <table className={s.ladder} aria-label="阶梯价">
          <thead>
            <tr>
              <th>采购数量</th>
              {goods.ladder_price.map((t) => (
                <th key={t.number}>
                  ≥ {t.number}
                  {goods.bzdw}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>单价</td>
              {goods.ladder_price.map((t) => (
                <td key={t.number}>¥{t.price}</td>
              ))}
            </tr>
          </tbody>
        </table>
      )}
    </div>
  );
}
