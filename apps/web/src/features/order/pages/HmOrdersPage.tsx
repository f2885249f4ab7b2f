import { AccountShell } from '../../../shared/member/AccountShell';
import { Link, useSearchParams } from 'react-router';
import { Alert, Empty, Pagination, Skeleton, Table, Tag } from 'antd';
import type { HmOrderView } from '@kc/domain';
import { useHmOrders } from '../api/hm-list';
import { ORDER_PAGE_SIZE } from '../api/keys';
import { HmInfo } from '../components/HmInfo';
import { LotList } from '../components/LotList';
import { ReceiptUpload } from '../components/ReceiptUpload';
import { STATUS_COLOR } from '../components/status';
import s from '../components/order.module.css';

type HmLine = HmOrderView['lines'][number];

/** Shipped (or completed) orders have arrived: their receipt can be uploaded. */
const ARRIVED = new Set([2, 3]);

function HmOrderCard({ order }: { order: HmOrderView }) {
  return (
    <article className={s.card} aria-label={`含麻订单 ${order.order_no}`}>
      <header className={s.cardHead}>
        <span>
          订单号：<Link to={`/order/info/${order.id}`}>{order.order_no}</Link>
        </span>
        <span>下单时间：{order.created_at}</span>
        {order.shipped_at && <span>发货时间：{order.shipped_at}</span>}
        {order.receipt_due === 1 && <Tag color="red">待上传</Tag>}
        <Tag className={s.status} color={STATUS_COLOR[order.status]}>
          {order.status_text}
        </Tag>
      </header>
      <Table<HmLine>
        rowKey={(l) => `${l.name}-${l.ypgg}`}
        size="small"
        pagination={false}
        dataSource={order.lines}
        columns={[
          { title: '含麻药品', dataIndex: 'name', key: 'name' },
          { title: '规格', dataIndex: 'ypgg', key: 'ypgg', width: 120 },
          { title: '生产厂家', dataIndex: 'sccj', key: 'sccj', width: 160 },
          { title: '数量', dataIndex: 'number', key: 'number', width: 70 },
          { title: '批号 / 有效期', key: 'lots', width: 260, render: (_, l) => <LotList lots={l.lots} /> },
        ]}
      />
      <div style={{ padding: 12 }}>
        <HmInfo hm={order.hm} due={order.receipt_due === 1} />
      </div>
      <footer className={s.cardFoot}>
        <span>
          订单金额：<span className={s.money}>¥{order.payable}</span>
        </span>
        {ARRIVED.has(order.status) && (
          <ReceiptUpload
            orderId={order.id}

            uploaded={order.hm.receipt_status === 'uploaded'}
          />
        )}
      </footer>
    </article>
  );
}

/** /hmdd (order_hmdd_index): orders with 含麻 goods, their lots, purchaser and arrival receipts. */
export function HmOrdersPage() {
  const [url, setUrl] = useSearchParams();
  const page = Math.max(1, Number(url.get('page')) || 1);
  const { data, isPending } = useHmOrders(page);
  const orders = data?.list ?? [];
  return (
    <AccountShell title="含麻订单">
      <Alert
        type="info"
        showIcon
        className={s.section}
        title="按规定，含麻黄碱类药品到货后请上传加盖公章的到货回执（JPG、PNG或PDF，不超过5MB）。"
      />
      {isPending ? (
        <Skeleton active />
      ) : orders.length === 0 ? (
        <Empty description="暂无含麻订单" />
      ) : (
        orders.map((o) => <HmOrderCard key={o.id} order={o} />)
      )}
      {(data?.total ?? 0) > ORDER_PAGE_SIZE && (
        <Pagination
          className={s.pager}
          current={page}
          pageSize={ORDER_PAGE_SIZE}
          total={data?.total ?? 0}
          showSizeChanger={false}
          onChange={(p) => setUrl(p > 1 ? { page: String(p) } : {})}
        />
      )}
    </AccountShell>
  );
}
