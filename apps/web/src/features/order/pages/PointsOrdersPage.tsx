import { AccountShell } from '../../../shared/member/AccountShell';
import { useSearchParams } from 'react-router';
import { Table, Tag } from 'antd';
import type { PointsOrderView } from '@kc/domain';
import { ORDER_PAGE_SIZE } from '../api/keys';
import { usePointsOrders } from '../api/points';
import { STATUS_COLOR } from '../components/status';
import s from '../components/order.module.css';

/** /jfdd (order_jfdd): orders paid with points in the points mall. */
export function PointsOrdersPage() {
  const [url, setUrl] = useSearchParams();
  const page = Math.max(1, Number(url.get('page')) || 1);
  const { data, isPending } = usePointsOrders(page);
  return (
    <AccountShell title="积分订单">
      <Table<PointsOrderView>
        rowKey="id"
        loading={isPending}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '暂无积分订单' }}
        pagination={
          (data?.total ?? 0) > ORDER_PAGE_SIZE && {
            current: page,
            pageSize: ORDER_PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            onChange: (p) => setUrl(p > 1 ? { page: String(p) } : {}),
          }
        }
        columns={[
          { title: '订单号', dataIndex: 'order_no', key: 'no', width: 180 },
          {
            title: '商品',
            key: 'goods',
            render: (_, o) =>
              o.lines.map((l, i) => (
                <div key={i} className={s.line} style={{ border: 0, padding: '2px 0' }}>
                  {l.image ? <img src={l.image} alt="" className={s.thumb} loading="lazy" /> : null}
                  <span className={s.goods}>{l.name}</span>
                  <span className={s.qty}>×{l.number}</span>
                </div>
              )),
          },
          { title: '消耗积分', dataIndex: 'points', key: 'points', width: 100 },
          {
            title: '状态',
            key: 'status',
            width: 90,
            render: (_, o) => <Tag color={STATUS_COLOR[o.status]}>{o.status_text}</Tag>,
          },
          { title: '下单时间', dataIndex: 'created_at', key: 'created_at', width: 170 },
        ]}
      />
    </AccountShell>
  );
}
