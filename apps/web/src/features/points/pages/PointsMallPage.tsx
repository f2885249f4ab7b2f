import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Pagination, Spin, Tag } from 'antd';
import type { PointsGoodsView } from '@kc/domain';
import { loginPath } from '../../../shared/api';
import { MALL_PAGE_SIZE } from '../api/keys';
import { useGifts } from '../api/gifts';
import { RedeemModal } from '../components/RedeemModal';
import s from '../components/points.module.css';

const STATE_COLOR = { in_stock: 'green', low: 'orange', sold_out: 'default' } as const;

/**
 * /jfsc 积分商城: the member's points at the top (a visitor is asked to log in), the gifts
 * on sale as a grid (picture, name, points, stock) and a redeem modal.
 */
export function PointsMallPage() {
  const [url, setUrl] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number(url.get('page')) || 1);
  const { data, isPending } = useGifts(page);
  const [redeeming, setRedeeming] = useState<PointsGoodsView | null>(null);
  const myPoints = data?.my_points ?? null;

  const button = (g: PointsGoodsView) => {
    if (g.stock_state === 'sold_out')
      return (
        <Button size="small" disabled>
          已兑完
        </Button>
      );
    if (myPoints === null)
      return (
        <Button size="small" type="primary" onClick={() => void navigate(loginPath('/jfsc'))}>
          登录兑换
        </Button>
      );
    return (
      <Button
        size="small"
        type="primary"
        danger
        disabled={g.affordable === 0}
        title={g.affordable === 0 ? '积分不足' : undefined}
        onClick={() => setRedeeming(g)}
      >
        {g.affordable === 0 ? '积分不足' : '立即兑换'}
      </Button>
    );
  };

  return (
    <div className={s.page}>
      <div className={s.banner}>
        <div>
          <h1>积分商城</h1>
          <p>采购赚积分，好礼免费兑。确认收货后按实付金额每1元积1分。</p>
        </div>
        <div className={s.mine}>
          {myPoints === null ? (
            <span>
              登录后查看我的积分<Link to={loginPath('/jfsc')}>去登录</Link>
            </span>
          ) : (
            <span>
              我的积分<strong data-testid="my-points">{myPoints}</strong>
              <Link to="/jfgl">积分明细</Link>
              <Link to="/jfdd">积分订单</Link>
            </span>
          )}
        </div>
      </div>
      {isPending ? (
        <div className={s.pager}>
          <Spin />
        </div>
      ) : (data?.list.length ?? 0) === 0 ? (
        <Empty style={{ marginTop: 48 }} description="暂无可兑换的礼品" />
      ) : (
        <div className={s.grid}>
          {data!.list.map((g) => (
            <div key={g.id} className={s.card} data-testid="gift">
              <img src={g.image || '/favicon.svg'} alt={g.name} loading="lazy" />
              <div className={s.body}>
                <div className={s.name}>{g.name}</div>
                <div className={s.points}>{g.points} 积分</div>
                <div className={s.muted}>
                  库存 {g.stock} <Tag color={STATE_COLOR[g.stock_state]}>{g.stock_text}</Tag>
                  {g.per_member > 0 ? `限兑${g.per_member}件` : ''}
                </div>
                <div className={s.foot}>
                  <span className={s.muted}>已兑 {g.redeemed}</span>
                  {button(g)}
                </div>
              </div>
            </div>
          ))}
        </div>
      )}
      {(data?.total ?? 0) > MALL_PAGE_SIZE ? (
        <div className={s.pager}>
          <Pagination
            current={page}
            pageSize={MALL_PAGE_SIZE}
            total={data?.total ?? 0}
            showSizeChanger={false}
            onChange={(p) => setUrl(p > 1 ? { page: String(p) } : {})}
          />
        </div>
      ) : null}
      {redeeming && myPoints !== null ? (
        <RedeemModal gift={redeeming} myPoints={myPoints} onClose={() => setRedeeming(null)} />
      ) : null}
    </div>
  );
}
