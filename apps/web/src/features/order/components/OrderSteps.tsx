import { Alert, Descriptions, Steps, Tag } from 'antd';
import type { OrderDetailView } from '@kc/domain';
import { STATUS_COLOR } from './status';

const STEPS = [
  { title: '提交订单', at: 'created_at' },
  { title: '付款', at: 'paid_at' },
  { title: '发货', at: 'shipped_at' },
  { title: '完成', at: 'completed_at' },
] as const;

/** The order's status and where it stands: 提交订单 → 付款 → 发货 → 完成 (or where it was cancelled). */
export function OrderSteps({ order }: { order: OrderDetailView }) {
  const cancelled = order.status === 4;
  const reached = STEPS.filter((s) => order[s.at]).length;
  const current = cancelled
    ? Math.min(reached, STEPS.length - 1)
    : Math.min(order.status + 1, STEPS.length - 1);
  return (
    <div>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="订单号">{order.order_no}</Descriptions.Item>
        <Descriptions.Item label="下单时间">{order.created_at}</Descriptions.Item>
        <Descriptions.Item label="订单状态">
          <Tag color={STATUS_COLOR[order.status]}>{order.status_text}</Tag>
        </Descriptions.Item>
      </Descriptions>
      {order.status === 0 && order.expires_at && (
        <Alert type="warning" showIcon title={`请在 ${order.expires_at} 前完成支付，超时订单将自动取消。`} />
      )}
      {cancelled && (
        <Alert
          type="info"
          showIcon
          title={`订单已于 ${order.cancelled_at || '—'} 取消${order.cancel_reason ? `，原因：${order.cancel_reason}` : ''}`}
        />
      )}
      <Steps
        style={{ marginTop: 16 }}
        current={current}
        status={cancelled ? 'error' : order.status === 3 ? 'finish' : 'process'}
        items={STEPS.map((s, i) => ({
          title: s.title,
          content: cancelled && i === current ? `已取消 ${order.cancelled_at}` : order[s.at] || undefined,
        }))}
      />
    </div>
  );
}
