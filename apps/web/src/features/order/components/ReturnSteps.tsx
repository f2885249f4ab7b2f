import { Alert, Steps } from 'antd';
import type { ReturnDetailView } from '@kc/domain';

const FLOW: { status: ReturnDetailView['status']; title: string }[] = [
  { status: 'pending', title: '待审核' },
  { status: 'approved', title: '已同意' },
  { status: 'received', title: '已收货' },
  { status: 'refunded', title: '已退款' },
];

/** 待审核 → 已同意 → 已收货 → 已退款; a refused request stops at review with the reason. */
export function ReturnSteps({ request }: { request: ReturnDetailView }) {
  const rejected = request.status === 'rejected';
  const current = rejected ? 1 : FLOW.findIndex((f) => f.status === request.status);
  return (
    <>
      <Steps
        current={current}
        status={rejected ? 'error' : request.status === 'refunded' ? 'finish' : 'process'}
        items={
          rejected
            ? [{ title: '待审核' }, { title: '已拒绝', content: request.admin_remark || undefined }]
            : FLOW.map((f) => ({ title: f.title }))
        }
      />
      {rejected && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          title={`申请已被拒绝${request.admin_remark ? `：${request.admin_remark}` : ''}`}
        />
      )}
    </>
  );
}
