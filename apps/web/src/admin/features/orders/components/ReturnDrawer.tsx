import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Descriptions, Drawer, Image, Space, Spin, Table, Tag, Timeline } from 'antd';
import { returnApproveSchema, returnRejectSchema, type ReturnDetailView } from '@kc/domain';
import { showYuan, useCan } from '../../../shared';
import { useReturn, useReturnAction } from '../api';
import { RETURN_STATUS_COLOR } from '../labels';
import { ReasonModal } from './ReasonModal';

type Dialog = 'approve' | 'reject' | null;

/** One return request: lines with lots, photos, timeline; the next step by status and role. */
export function ReturnDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: r, isLoading } = useReturn(id);
  const action = useReturnAction(id ?? 0);
  const can = useCan();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const step = (what: 'receive' | 'refund', title: string, done: string) =>
    void modal.confirm({
      title,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await action.mutateAsync({ action: what });
        void message.success(done);
      },
    });
  const footer = r && (
    <Space>
      {r.status === 'pending' && can('return.handle') && (
        <>
          <Button type="primary" onClick={() => setDialog('approve')}>
            同意退货
          </Button>
          <Button danger onClick={() => setDialog('reject')}>
            拒绝
          </Button>
        </>
      )}
      {r.status === 'approved' && can('return.receive') && (
        <Button
          type="primary"
          onClick={() =>
            step('receive', '确认已收到退货？商品将进入退货隔离区待验，不回到可售库存。', '已确认收到退货')
          }
        >
          确认收货
        </Button>
      )}
      {r.status === 'received' && can('refund') && (
        <Button
          type="primary"
          onClick={() =>
            step(
              'refund',
              `确认退款？退款将进入买家账户余额（申请金额 ${showYuan(r.refund_amount)}）。`,
              '已退款',
            )
          }
        >
          退款
        </Button>
      )}
    </Space>
  );
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={r ? `退货申请 ${r.return_no}` : '退货申请'}
      footer={footer}
    >
      {isLoading || !r ? <Spin /> : <Body r={r} />}
      <ReasonModal
        open={dialog === 'approve'}
        title="同意退货"
        label="备注（买家可见，可不填）"
        schema={returnApproveSchema}
        field="remark"
        okText="同意"
        onCancel={() => setDialog(null)}
        onSubmit={async (remark) => {
          await action.mutateAsync({ action: 'approve', body: { remark } });
          setDialog(null);
          void message.success('已同意退货');
        }}
      />
      <ReasonModal
        open={dialog === 'reject'}
        title="拒绝退货"
        label="拒绝原因（买家可见）"
        schema={returnRejectSchema}
        okText="拒绝"
        confirm="确认拒绝该退货申请？"
        onCancel={() => setDialog(null)}
        onSubmit={async (reason) => {
          await action.mutateAsync({ action: 'reject', body: { reason } });
          setDialog(null);
          void message.success('已拒绝');
        }}
      />
    </Drawer>
  );
}

function Body({ r }: { r: ReturnDetailView }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={2}
        items={[
          { label: '状态', children: <Tag color={RETURN_STATUS_COLOR[r.status]}>{r.status_text}</Tag> },
          { label: '类型', children: r.kind_text },
          { label: '订单', children: <Link to={`/orders/${r.order_id}`}>{r.order_no}</Link> },
          { label: '申请时间', children: r.created_at },
          { label: '原因', children: r.reason },
          { label: '退款金额', children: showYuan(r.refund_amount) },
          { label: '说明', span: 2, children: r.description || '—' },
          ...(r.admin_remark ? [{ label: '处理备注', span: 2, children: r.admin_remark }] : []),
        ]}
      />
      <Table
        rowKey="order_line_id"
        size="small"
        pagination={false}
        dataSource={r.lines}
        columns={[
          { title: '商品', dataIndex: 'name' },
          { title: '规格', dataIndex: 'ypgg' },
          { title: '单价', dataIndex: 'price', render: (v: string) => showYuan(v) },
          { title: '退货数量', dataIndex: 'number' },
          { title: '退款', dataIndex: 'refund_amount', render: (v: string) => showYuan(v) },
          {
            title: '批号',
            key: 'lots',
            render: (_: unknown, l: ReturnDetailView['lines'][number]) =>
              l.lots.map((x) => `${x.batch_no}（${x.expires_on}）`).join('、'),
          },
        ]}
      />
      {r.photos.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap>
            {r.photos.map((src, i) => (
              <Image key={src} src={src} width={96} height={96} alt={`退货照片${i + 1}`} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      <Timeline items={r.timeline.map((e) => ({ content: `${e.time} ${e.text}` }))} />
    </Space>
  );
}
