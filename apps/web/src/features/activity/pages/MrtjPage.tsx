import { useCallback } from 'react';
import { Button, Empty, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { toMillis, type ActivityGoodsItem, type EverydayPrice } from '@kc/domain';
import { AddToCart } from '../../../shared/cart/AddToCart';
import { GoodsTags } from '../../../shared/goods/GoodsTags';
import { detailPath } from '../../../shared/goods/links';
import { useEverydayPrice } from '../api/everyday';
import { ActivityBanner } from '../components/ActivityBanner';
import { NOT_STARTED, NoActivity } from '../components/ActivityState';
import { ActivityPrice, goodsTitle, limitText } from '../components/ActivityGoodsCard';
import { Countdown } from '../components/Countdown';
import { serverOffset } from '../components/clock';
import s from '../components/activity.module.css';

/** One daily special: picture and facts, 特价 against the list price, the limit, add to cart. */
function SpecialRow({ goods }: { goods: ActivityGoodsItem }) {
  const image = goods.goods_image[0]?.list;
  const limit = limitText(goods.limit);
  return (
    <div className={s.row} data-testid="special">
      <Link to={detailPath(goods.id)}>
        {image ? (
          <img src={image} alt={goods.name} loading="lazy" />
        ) : (
          <span className={s.noImage}>暂无图片</span>
        )}
      </Link>
      <div>
        <Link to={detailPath(goods.id)} className={s.rowName}>
          {goodsTitle(goods)}
        </Link>
        <div className={s.muted}>{goods.ypgg}</div>
        <div className={s.muted}>{goods.sccj}</div>
        <GoodsTags tags={goods.tags} keepHeight={false} />
      </div>
      <div className={s.priceRow}>
        <ActivityPrice goods={goods} loginLink />
        {limit && <span className={s.limit}>{limit}</span>}
      </div>
      <div>{goods.price !== null && <AddToCart goods={goods} size="small" />}</div>
    </div>
  );
}

function Specials({ data, offsetMs, reload }: { data: EverydayPrice; offsetMs: number; reload: () => void }) {
  const activity = data.activity!;
  const pending = activity.status === 0;
  const end = toMillis(pending ? activity.start_time : data.end_time);
  return (
    <>
      <ActivityBanner activity={activity} subtitle="每日精选低价好药，限时限量" />
      <div className={`${s.state} ${pending ? s.pending : ''}`} role="status">
        <strong>{pending ? NOT_STARTED : '今日特价'}</strong>
        <Countdown
          key={end}
          end={end}
          offsetMs={offsetMs}
          label={pending ? '距开始' : '距今日结束'}
          onEnd={reload}
        />
      </div>
      {data.list.length === 0 ? (
        <Empty description="今日暂无特价商品，明天再来看看" style={{ padding: 60 }} />
      ) : (
        <div className={s.rows}>
          {data.list.map((g) => (
            <SpecialRow key={g.id} goods={g} />
          ))}
        </div>
      )}
    </>
  );
}

/**
 * /mrtj 每日特价: today's specials, each at its activity price against the list price, with
 * the per-buyer limit, counting down to the end of today's session (the server's clock).
 */
export function MrtjPage() {
  const { data, isPending, isError, dataUpdatedAt, refetch } = useEverydayPrice();
  const reload = useCallback(() => void refetch(), [refetch]);
  let body;
  if (isPending) body = <Spin style={{ display: 'block', margin: '80px auto' }} />;
  else if (isError) {
    body = <Result status="error" title="活动加载失败" extra={<Button onClick={reload}>重试</Button>} />;
  } else if (!data.activity || data.activity.status === 2) body = <NoActivity />;
  else body = <Specials data={data} offsetMs={serverOffset(data.now, dataUpdatedAt)} reload={reload} />;
  return <div className={s.page}>{body}</div>;
}
