import type { GoodsItem } from '@kc/domain';
import { BasePrice, Price } from '../../../shared/goods/Price';
import s from './DetailPage.module.css';

/** Price (or why it is hidden), retail price and the ladder tiers the server sent. */
export function PriceBlock({ goods }: { goods: GoodsItem }) {
  return (
    <div className={s.priceBlock}>
      <div className={s.priceLine}>
        <span className={s.label}>批发价</span>
        <Price goods={goods} size="large" />
        {goods.base_price && (
          <span className={s.retail}>
            建议零售价 <BasePrice goods={goods} />
          </span>
        )}
      </div>
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
