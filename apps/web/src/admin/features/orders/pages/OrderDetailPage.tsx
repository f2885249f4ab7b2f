import { useState } from 'react';
import { useParams } from 'react-router';
import { App, Button, Card, Descriptions, Result, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { adminCancelOrderSchema, confirmPaymentSchema, type AdminOrderDetailView } from '@kc/domain';
import { showYuan, useCan } from '../../../shared';
import { openPrintable, ORDERS_PATH, useOrder, useOrderAction } from '../api';
import { AllocateModal } from '../components/AllocateModal';
import { ReasonModal } from '../components/ReasonModal';
import { ShipModal } from '../components/ShipModal';
import { ACTOR_TEXT, ORDER_STATUS_COLOR } from '../labels';

type Line = AdminOrderDetailView['lines'][number];
type Dialog = 'allocate' | 'ship' | 'cancel' | 'confirm' | null;

function Actions({ o, open }: { o: AdminOrderDetailView; open: (d: Dialog) => void }) {
  const can = useCan();
  const base = `${ORDERS_PATH}/${o.id}`;
  return (
    <Space wrap>
      {o.status === 0 && o.payment_method === 'offline' && can('payment.confirm') && (
        <Button type="primary" onClick={() => open('confirm')}>
          确认到账
        </Button>
      )}
      {o.status === 1 && can('stock.allocate') && <Button onClick={() => open('allocate')}>分配批号</Button>}
      <Button onClick={() => openPrintable(`${base}/pick_list`)}>打印拣货单</Button>
      <Button onClick={() => openPrintable(`${base}/delivery_note`)}>打印随货同行单</Button>
      {o.status === 1 && can('order.ship') && (
        <Button type="primary" onClick={() => open('ship')}>
          发货
        </Button>
      )}
      {(o.status === 0 || o.status === 1) && can('order.cancel') && (
        <Button danger onClick={() => open('cancel')}>
          取消订单
        </Button>
      )}
    </Space>
  );
}

const lineColumns = (o: AdminOrderDetailView) => [
  {
    title: '商品',
    dataIndex: 'name',
    render: (n: string, l: Line) => (
      <Space orientation="vertical" size={0}>
        <span>
          {n} {l.is_hm === 1 && <Tag color="red">含麻</Tag>}
        </span>
        <Typography.Text type="secondary">{`${l.ypgg} ${l.sccj}`}</Typography.Text>
      </Space>
    ),
  },
  { title: '批准文号', dataIndex: 'approval_no' },
  { title: '仓库', dataIndex: 'warehouse' },
  { title: '单价', dataIndex: 'price', align: 'right' as const, render: (v: string) => showYuan(v) },
  {
    title: '数量',
    dataIndex: 'number',
    align: 'right' as const,
    render: (n: number, l: Line) => `${n}${l.bzdw}`,
  },
  { title: '金额', dataIndex: 'pay_amount', align: 'right' as const, render: (v: string) => showYuan(v) },
  {
    title: '批号（有效期至 × 数量）',
    key: 'lots',
    render: (_: unknown, l: Line) =>
      (o.line_lots[l.id] ?? []).map((x) => (
        <div key={x.lot_id}>
          {x.batch_no}（{x.expires_on} × {x.number}）
        </div>
      )),
  },
];

/** 订单详情: the order, its lines with lots, payments and timeline; actions by status and role. */
export function OrderDetailPage() {
  const id = Number(useParams().id);
  const { data: o, isLoading, isError } = useOrder(id);
  const action = useOrderAction(id);
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  if (isLoading) return <Spin />;
  if (isError || !o) return <Result status="404" title="订单不存在" />;
  const a = o.address;
  const hm = o.hm;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            订单 {o.order_no}
            <Tag color={ORDER_STATUS_COLOR[o.status]}>{o.status_text}</Tag>
            {o.is_hm === 1 && <Tag color="red">含麻</Tag>}
          </Space>
        }
        extra={<Actions o={o} open={setDialog} />}
      >
        <Descriptions
          size="small"
          column={3}
          items={[
            { label: '会员', children: `${o.member_company}（${o.member_username}）` },
            { label: '下单时间', children: o.created_at },
            { label: '应付金额', children: showYuan(o.payable) },
            { label: '支付', children: `${o.payment.method_text || '未选择'} · ${o.payment.status_text}` },
            { label: '付款时间', children: o.paid_at || '—' },
            { label: '已付金额', children: showYuan(o.payment.paid_amount) },
            { label: '收货地址', span: 2, children: `${a.consignee} ${a.phone} ${a.region}${a.address}` },
            {
              label: '物流',
              children: o.logistics.tracking_no ? `${o.logistics.carrier} ${o.logistics.tracking_no}` : '—',
            },
            {
              label: '发票',
              children:
                o.invoice.type === 0
                  ? '不开发票'
                  : `${o.invoice.type_text} ${o.invoice.title} ${o.invoice.tax_no}`,
            },
            {
              label: '批号',
              children:
                o.allocation.allocated === 1 ? (
                  <span>
                    <Tag color="green">已确认</Tag>
                    {o.allocation.allocated_by} {o.allocation.allocated_at} {o.allocation.note}
                  </span>
                ) : (
                  <Tag color="orange">未确认（按效期先出）</Tag>
                ),
            },
            { label: '买家备注', children: o.remark || '—' },
            ...(o.cancel_reason ? [{ label: '取消原因', children: o.cancel_reason }] : []),
            ...(hm
              ? [
                  {
                    label: '含麻购买人',
                    span: 3,
                    children: hm.purchaser_name
                      ? `${hm.purchaser_name} ${hm.purchaser_id_no} ${hm.purchaser_phone} 回执：${hm.receipt_status === 'uploaded' ? `已上传 ${hm.receipt_uploaded_at}` : '未上传'}`
                      : '未登记',
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card title="商品与批号" size="small">
        <Table rowKey="id" size="small" pagination={false} dataSource={o.lines} columns={lineColumns(o)} />
        <Descriptions
          size="small"
          column={4}
          style={{ marginTop: 12 }}
          items={[
            { label: '商品金额', children: showYuan(o.amounts.goods_amount) },
            { label: '优惠', children: showYuan(o.amounts.coupon_amount) },
            { label: '运费', children: showYuan(o.amounts.shipping_amount) },
            { label: '应付', children: showYuan(o.amounts.payable) },
          ]}
        />
      </Card>
      <Card title="支付记录" size="small">
        <Table
          rowKey="payment_no"
          size="small"
          pagination={false}
          dataSource={o.payments}
          locale={{ emptyText: '暂无支付记录' }}
          columns={[
            { title: '支付单号', dataIndex: 'payment_no' },
            { title: '方式', dataIndex: 'method_text' },
            { title: '金额', dataIndex: 'amount', render: (v: string) => showYuan(v) },
            { title: '状态', dataIndex: 'status_text' },
            { title: '流水号/备注', dataIndex: 'trade_no' },
            { title: '支付时间', dataIndex: 'paid_at' },
          ]}
        />
      </Card>
      <Card title="订单记录" size="small">
        <Timeline
          items={o.timeline.map((e) => ({
            content: (
              <span>
                <Typography.Text type="secondary">{e.time}</Typography.Text> <Tag>{ACTOR_TEXT[e.actor]}</Tag>{' '}
                {e.text}
              </span>
            ),
          }))}
        />
        {o.returns.length > 0 && (
          <Typography.Paragraph>
            退货申请：{o.returns.map((r) => `${r.return_no}（${r.status_text}）`).join('、')}
          </Typography.Paragraph>
        )}
      </Card>

      <AllocateModal orderId={id} open={dialog === 'allocate'} onClose={() => setDialog(null)} />
      <ShipModal
        orderId={id}
        allocated={o.allocation.allocated}
        open={dialog === 'ship'}
        onClose={() => setDialog(null)}
      />
      <ReasonModal
        open={dialog === 'cancel'}
        title="取消订单"
        label="取消原因（买家可见）"
        schema={adminCancelOrderSchema}
        okText="取消订单"
        confirm={
          o.status === 1
            ? `确认取消订单？已付的 ${showYuan(o.payment.paid_amount)} 将退回买家账户余额，库存退回原批号。`
            : '确认取消订单？库存将退回原批号。'
        }
        onCancel={() => setDialog(null)}
        onSubmit={async (reason) => {
          await action.mutateAsync({ action: 'cancel', body: { reason } });
          setDialog(null);
          void message.success('订单已取消');
        }}
      />
      <ReasonModal
        open={dialog === 'confirm'}
        title="确认对公转账到账"
        label={`核对银行流水后填写备注（可不填）。应收 ${showYuan(o.payable)}，转账备注 ${o.payment.reference}`}
        schema={confirmPaymentSchema}
        field="note"
        okText="确认到账"
        onCancel={() => setDialog(null)}
        onSubmit={async (note) => {
          await action.mutateAsync({ action: 'confirm_payment', body: { note } });
          setDialog(null);
          void message.success('已确认收款');
        }}
      />
    </Space>
  );
}
