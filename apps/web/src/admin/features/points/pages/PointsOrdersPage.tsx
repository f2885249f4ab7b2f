import { useState } from 'react';
import {
  App,
  AutoComplete,
  Button,
  Input,
  Modal,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { cancelPointsOrderSchema, shipOrderSchema, type AdminPointsOrderRowView } from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { CARRIERS, firstError, POINTS_ORDERS_PATH, usePointsOrderAction } from '../api';

const TABS = [
  { key: '1', label: '待发货' },
  { key: '2', label: '已发货' },
  { key: '3', label: '已完成' },
  { key: '4', label: '已取消' },
  { key: 'all', label: '全部' },
];
const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'cyan', 3: 'green', 4: 'default' };

/** 发货: carrier and tracking number, checked with the server's schema; the member gets a message. */
function ShipModal({ order, onClose }: { order: AdminPointsOrderRowView; onClose: () => void }) {
  const action = usePointsOrderAction();
  const { message } = App.useApp();
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const body = { carrier: carrier.trim(), tracking_no: trackingNo.trim() };
    const why = firstError(shipOrderSchema, body);
    setError(why);
    if (why) return;
    try {
      await action.mutateAsync({ id: order.id, action: 'ship', body });
      void message.success('已发货，会员将收到发货消息');
      onClose();
    } catch {
      // shown by the API client
    }
  };
  return (
    <Modal
      open
      title={`积分订单发货：${order.order_no}`}
      okText="确认发货"
      cancelText="取消"
      confirmLoading={action.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          收货人：{order.address.consignee} {order.address.phone} {order.address.region}{' '}
          {order.address.address}
        </Typography.Text>
        <Typography.Text>承运商</Typography.Text>
        <AutoComplete
          aria-label="承运商"
          placeholder="选择或输入承运商"
          options={CARRIERS.map((c) => ({ value: c }))}
          value={carrier}
          onChange={(v: string) => setCarrier(v)}
          style={{ width: '100%' }}
        />
        <Typography.Text>运单号</Typography.Text>
        <Input
          aria-label="运单号"
          value={trackingNo}
          maxLength={32}
          onChange={(e) => setTrackingNo(e.target.value)}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Space>
    </Modal>
  );
}

/** 取消: a reason; the points go back to the member and the units to the gift's stock. */
function CancelModal({ order, onClose }: { order: AdminPointsOrderRowView; onClose: () => void }) {
  const action = usePointsOrderAction();
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const why = firstError(cancelPointsOrderSchema, { reason });
    setError(why);
    if (why) return;
    try {
      await action.mutateAsync({ id: order.id, action: 'cancel', body: { reason: reason.trim() } });
      void message.success(`已取消，退回${order.points}积分`);
      onClose();
    } catch {
      // shown by the API client
    }
  };
  return (
    <Modal
      open
      title={`取消积分订单：${order.order_no}`}
      okText="确认取消"
      okButtonProps={{ danger: true }}
      cancelText="返回"
      confirmLoading={action.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          取消后 {order.points} 积分退回会员账户，礼品库存恢复，会员将收到消息。
        </Typography.Text>
        <Input.TextArea
          aria-label="取消原因"
          rows={3}
          maxLength={100}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="取消原因"
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Space>
    </Modal>
  );
}

/** 积分商城 › 积分订单: points orders by status; ship (order.ship) and cancel (marketing.edit). */
export function PointsOrdersPage() {
  const can = useCan();
  const [status, setStatus] = useState('1');
  const [keywords, setKeywords] = useState('');
  const [shipping, setShipping] = useState<AdminPointsOrderRowView | null>(null);
  const [cancelling, setCancelling] = useState<AdminPointsOrderRowView | null>(null);
  const { tableProps } = usePagedTable<AdminPointsOrderRowView>(POINTS_ORDERS_PATH, {
    status,
    ...(keywords ? { keywords } : {}),
  });

  const columns: TableColumnsType<AdminPointsOrderRowView> = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      width: 200,
      render: (no: string, o) => (
        <>
          <div>{no}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.created_at}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '会员',
      dataIndex: 'company',
      width: 200,
      render: (c: string, o) => (
        <>
          <div>{c}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.username}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '礼品',
      key: 'lines',
      render: (_, o) => o.lines.map((l, i) => <div key={i}>{`${l.name} ×${l.number}`}</div>),
    },
    { title: '积分', dataIndex: 'points', width: 80, align: 'right' },
    {
      title: '收货信息',
      key: 'address',
      width: 220,
      render: (_, o) => (
        <span style={{ fontSize: 12 }}>
          {o.address.consignee} {o.address.phone}
          <br />
          {o.address.region} {o.address.address}
        </span>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 170,
      render: (_, o) => (
        <>
          <Tag color={STATUS_COLOR[o.status]}>{o.status_text}</Tag>
          {o.tracking_no ? (
            <div style={{ fontSize: 12 }}>
              {o.carrier} {o.tracking_no}
            </div>
          ) : null}
          {o.status === 4 && o.cancel_reason ? (
            <div style={{ fontSize: 12, color: '#888' }}>{o.cancel_reason}</div>
          ) : null}
        </>
      ),
    },
    {
      title: '操作',
      key: 'ops',
      width: 130,
      render: (_, o) =>
        o.status === 1 ? (
          <Space size={0}>
            {can('order.ship') ? (
              <Button type="link" size="small" onClick={() => setShipping(o)}>
                发货
              </Button>
            ) : null}
            {can('marketing.edit') ? (
              <Button type="link" size="small" danger onClick={() => setCancelling(o)}>
                取消
              </Button>
            ) : null}
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <Tabs activeKey={status} onChange={setStatus} items={TABS} />
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label="订单号或会员"
          placeholder="订单号 / 会员名称 / 账号"
          onSearch={(v) => setKeywords(v.trim())}
          style={{ width: 300 }}
        />
      </Space>
      <Table<AdminPointsOrderRowView> rowKey="id" columns={columns} {...tableProps} />
      {shipping ? <ShipModal order={shipping} onClose={() => setShipping(null)} /> : null}
      {cancelling ? <CancelModal order={cancelling} onClose={() => setCancelling(null)} /> : null}
    </>
  );
}
