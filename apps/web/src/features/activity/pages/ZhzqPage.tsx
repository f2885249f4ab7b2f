import { useState } from 'react';
import { Button, Empty, Pagination, Spin } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { PRICE_HINTS, type CombinationView } from '@kc/domain';
import { QuantityStepper } from '../../../shared/cart/QuantityStepper';
import { useCartAdder } from '../../../shared/cart/useCartAdder';
import { detailPath } from '../../../shared/goods/links';
import { useCombinations } from '../api/combinations';
import { goodsTitle } from '../components/ActivityGoodsCard';
import s from '../components/activity.module.css';

/** Cart line type of a combination: the combination is the goods (CART_LINE_TYPES). */
const COMBINATION_LINE = 3;

function ComboCard({ combo }: { combo: CombinationView }) {
  const [number, setNumber] = useState(1);
  const { add, busy } = useCartAdder();
  const soldOut = combo.is_buy !== 1 || combo.number <= 0;
  return (
    <section className={s.combo} aria-label={combo.name} data-testid="combination">
      <div className={s.comboHead}>
        <h2>{combo.name}</h2>
        <span className={s.muted}>共{combo.items.length}种商品</span>
      </div>
      <ul className={s.comboItems}>
        {combo.items.map((it) => {
          const image = it.goods.goods_image[0]?.list;
          return (
            <li key={it.goods_id}>
              {image ? (
                <img src={image} alt={it.goods.name} loading="lazy" />
              ) : (
                <span className={s.noImage}>暂无图片</span>
              )}
              <div style={{ minWidth: 0 }}>
                <Link to={detailPath(it.goods_id)} className={s.name} title={goodsTitle(it.goods)}>
                  {goodsTitle(it.goods)}
                </Link>
                <div className={s.muted}>{it.goods.ypgg}</div>
                <div className={s.muted}>
                  {it.goods.price ? `¥${it.goods.price}` : ''} ×{it.number}
                  {it.goods.bzdw}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <div className={s.comboFoot}>
        {combo.price ? (
          <>
            <span>
              组合价 <span className={s.activityPrice}>¥{combo.price}</span>
            </span>
            {combo.raw_price && <del className={s.listPrice}>原价 ¥{combo.raw_price}</del>}
            {combo.saving && Number(combo.saving) > 0 && (
              <span className={s.saving}>立省 ¥{combo.saving}</span>
            )}
          </>
        ) : (
          <Link to="/login">{combo.price_hint || PRICE_HINTS.visitor}</Link>
        )}
        <span style={{ marginLeft: 'auto' }} />
        <QuantityStepper
          value={number}
          rules={{ zbz: 1, qgNumber: 0, stock: Math.max(1, combo.number) }}
          unit="套"
          disabled={soldOut}
          onChange={setNumber}
        />
        <Button
          type="primary"
          icon={<ShoppingCartOutlined />}
          loading={busy}
          disabled={soldOut || combo.price === null}
          onClick={() =>
            add([{ goods_id: combo.id, number, type: COMBINATION_LINE, price: combo.price ?? undefined }])
          }
        >
          {soldOut ? '暂时缺货' : '加入购物车'}
        </Button>
      </div>
    </section>
  );
}

/** /zhzq 组合专区: each combination with its goods, the set price and the saving, bought as a set. */
export function ZhzqPage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { data, isPending } = useCombinations(page);
  return (
    <div className={s.page}>
      <div className={s.banner} style={{ cursor: 'default' }}>
        <span className={s.bannerText}>
          <h1>组合专区</h1>
          <span>搭配采购更优惠，组合商品按套加入购物车</span>
        </span>
      </div>
      {isPending ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : !data?.list.length ? (
        <Empty description="暂无在售的组合，敬请期待" style={{ padding: 60 }} />
      ) : (
        <div className={s.rows}>
          {data.list.map((combo) => (
            <ComboCard key={combo.id} combo={combo} />
          ))}
          {data.total_page > 1 && (
            <Pagination
              align="center"
              current={page}
              pageSize={data.page_size}
              total={data.total}
              showSizeChanger={false}
              onChange={(p) => setSearch(p > 1 ? { page: String(p) } : {})}
            />
          )}
        </div>
      )}
    </div>
  );
}
