import { useSearchParams } from 'react-router';
import { Segmented, Table, Tag } from 'antd';
import type { PointsOrderRowView } from '@kc/domain';
import { AccountShell } from '../../../shared/member/AccountShell';
import { POINTS_ORDER_PAGE_SIZE } from '../api/keys';
import { usePointsOrders } from '../api/orders';
import s from '../components/points.module.css';

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'cyan', 3: 'green', 4: 'default' };
const TABS = [
  { label: '全部', value: 'all' },
  { label: '待发货', value: '1' },
  { label: '已发货', value: '2' },
  { label: '已完成', value: '3' },
  { label: '已取消', value: '4' },
];

/** /jfdd 积分订单: gifts redeemed in the points mall, their status, address and tracking. */
export function PointsOrdersPage() {
  const [url, setUrl] = useSearchParams();
  const page = Math.max(1, Number(url.get('page')) || 1);
  const tab = url.get('status') ?? 'all';
  const status = tab === 'all' ? undefined : Number(tab);
  const { data, isPending } = usePointsOrders(page, status);
  const go = (next: { page?: number; status?: string }) => {
    const q: Record<string, string> = {};
    const st = next.status ?? tab;
    if (st !== 'all') q.status = st;
    if ((next.page ?? 1) > 1) q.page = String(next.page);
    setUrl(q);
  };
  return (
    <AccountShell title="积分订单">
      <Segmented
        options={TABS}
        value={tab}
        onChange={(v) => go({ status: String(v) })}
        style={{ marginBottom: 12 }}
      />
      <Table<PointsOrderRowView>
        rowKey="id"
        loading={isPending}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '暂无积分订单' }}
        pagination={
          (data?.total ?? 0) > POINTS_ORDER_PAGE_SIZE && {
            current: page,
            pageSize: POINTS_ORDER_PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            onChange: (p) => go({ page: p }),
          }
        }
        columns={[
          {
            title: '订单号',
            key: 'no',
            width: 170,
            render: (_, o) => (
              <>
                <div>{o.order_no}</div>
                <div className={s.muted}>{o.created_at}</div>
              </>
            ),
          },
          {
            title: '礼品',
            key: 'goods',
            render: (_, o) =>
              o.lines.map((l, i) => (
                <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  {l.image ? <img src={l.image} alt="" width={40} height={40} loading="lazy" /> : null}
                  <span>{l.name}</span>
                  <span className={s.muted}>×{l.number}</span>
                </div>
              )),
          },
          { title: '消耗积分', dataIndex: 'points', key: 'points', width: 90 },
          {
            title: '收货信息',
            key: 'address',
            width: 220,
            render: (_, o) => (
              <div className={s.ship}>
                {o.address.consignee} {o.address.phone}
                <br />
                {o.address.region} {o.address.address}
              </div>
            ),
          },
          {
            title: '状态 / 物流',
            key: 'status',
            width: 200,
            render: (_, o) => (
              <div className={s.ship}>
                <Tag color={STATUS_COLOR[o.status]}>{o.status_text}</Tag>
                {o.tracking_no ? (
                  <div>
                    {o.carrier} 运单号 <span data-testid="tracking">{o.tracking_no}</span>
                    <div className={s.muted}>发货时间 {o.shipped_at}</div>
                  </div>
                ) : o.status === 4 ? (
                  <div className={s.muted}>{o.cancel_reason || '已取消'}，积分已退回</div>
                ) : o.status === 1 ? (
                  <div className={s.muted}>等待仓库发货</div>
                ) : null}
              </div>
            ),
          },
        ]}
      />
    </AccountShell>
  );
}
