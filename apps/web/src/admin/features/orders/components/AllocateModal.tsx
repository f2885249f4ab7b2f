import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Input,
  InputNumber,
  Modal,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { AllocationLotView, AllocationView } from '@kc/domain';
import { useAllocation, useOrderAction } from '../api';

type Line = AllocationView['lines'][number];
/** lot_id → units, per line id. */
type Plan = Record<number, Record<number, number>>;

const planOf = (lines: readonly Line[], pick: (l: Line) => AllocationLotView[]): Plan =>
  Object.fromEntries(
    lines.map((l) => [l.line_id, Object.fromEntries(pick(l).map((x) => [x.lot_id, x.number]))]),
  );

const same = (a: Record<number, number> = {}, b: Record<number, number> = {}) => {
  const norm = (m: Record<number, number>) =>
    Object.entries(m)
      .filter(([, n]) => n > 0)
      .sort(([x], [y]) => Number(x) - Number(y))
      .join(';');
  return norm(a) === norm(b);
};

interface Props {
  orderId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * 分配批号: each line's lots, the FEFO proposal preselected (what the order drew at placement);
 * the warehouse may move units to other lots of the same goods. A change from both what the
 * line holds and the FEFO proposal needs a reason (the server checks the same).
 */
export function AllocateModal({ orderId, open, onClose }: Props) {
  const { data, isLoading } = useAllocation(orderId, open);
  const action = useOrderAction(orderId);
  const { message } = App.useApp();
  // The warehouse's edits over what the lines hold; null until one is made. The plan is derived,
  // so it is there on the first render with the data (no effect to wait for: a confirm clicked
  // at once sends what the dialog shows) and a refetch never wipes an error or an edit.
  const [edits, setEdits] = useState<Plan | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setEdits(null);
    setReason('');
    setError(null);
  }, [open]);

  const lines = useMemo(() => data?.lines ?? [], [data]);
  const held = useMemo(() => planOf(lines, (l) => l.current), [lines]);
  const plan = edits ?? held;
  const setPlan = (change: (p: Plan) => Plan) => setEdits((p) => change(p ?? held));
  const changed = lines.some(
    (l) =>
      !same(plan[l.line_id], planOf([l], (x) => x.current)[l.line_id]) &&
      !same(plan[l.line_id], planOf([l], (x) => x.fefo)[l.line_id]),
  );
  const sumOf = (l: Line) => Object.values(plan[l.line_id] ?? {}).reduce((s, n) => s + (n || 0), 0);

  const submit = async () => {
    const wrong = lines.find((l) => sumOf(l) !== l.number);
    if (wrong) return setError(`${wrong.name}分配数量合计应为${wrong.number}${wrong.bzdw}`);
    if (changed && !reason.trim()) return setError('调整批号须填写原因');
    setError(null);
    const body = {
      lines: lines.map((l) => ({
        line_id: l.line_id,
        lots: Object.entries(plan[l.line_id] ?? {})
          .filter(([, n]) => n > 0)
          .map(([lot, n]) => ({ lot_id: Number(lot), number: n })),
      })),
      reason: reason.trim(),
    };
    try {
      await action.mutateAsync({ action: 'allocate', body });
      void message.success(changed ? '批号已调整' : '批号已确认');
      onClose();
    } catch {
      // The API client has shown the failure; the modal stays open.
    }
  };

  return (
    <Modal
      open={open}
      title="分配批号"
      width={960}
      okText={changed ? '确认调整' : '确认批号'}
      cancelText="取消"
      confirmLoading={action.isPending}
      okButtonProps={{ disabled: !data || data.editable !== 1 }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {isLoading || !data ? (
        <Spin />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {data.editable !== 1 && <Alert type="warning" title="订单不在待发货状态，批号不能调整" />}
          {data.allocated === 1 && (
            <Alert
              type="info"
              title={`已于 ${data.allocated_at} 由 ${data.allocated_by} 确认：${data.note}`}
            />
          )}
          {data.shelf_months > 0 && (
            <Alert
              type="warning"
              title={`买家要求效期不少于${data.shelf_months}个月：不足的批号不能新分配（已分配的可保留）`}
            />
          )}
          {lines.map((l) => (
            <Card
              key={l.line_id}
              size="small"
              title={`${l.name} ${l.ypgg} ${l.sccj}`}
              extra={
                <Space>
                  <span>
                    需 {l.number}
                    {l.bzdw}，已分配 {sumOf(l)}
                  </span>
                  <Button
                    size="small"
                    onClick={() => setPlan((p) => ({ ...p, ...planOf([l], (x) => x.fefo) }))}
                  >
                    按效期先出
                  </Button>
                </Space>
              }
            >
              <Table
                rowKey="lot_id"
                size="small"
                pagination={false}
                dataSource={l.lots}
                columns={[
                  {
                    title: '批号',
                    dataIndex: 'batch_no',
                    render: (b: string, lot) => (
                      <Space size={4}>
                        {b}
                        {l.fefo.some((x) => x.lot_id === lot.lot_id) && <Tag color="blue">效期先出</Tag>}
                        {l.current.some((x) => x.lot_id === lot.lot_id) && <Tag>当前</Tag>}
                        {lot.expired === 1 && <Tag color="red">已过期</Tag>}
                        {lot.below_floor === 1 && <Tag color="orange">效期不足{data.shelf_months}个月</Tag>}
                      </Space>
                    ),
                  },
                  { title: '生产日期', dataIndex: 'produced_on' },
                  { title: '有效期至', dataIndex: 'expires_on' },
                  { title: '可用数量', dataIndex: 'quantity', align: 'right' },
                  {
                    title: '分配数量',
                    key: 'n',
                    width: 140,
                    render: (_, lot) => (
                      <InputNumber
                        aria-label={`${l.name} 批号${lot.batch_no} 分配数量`}
                        min={0}
                        max={lot.quantity}
                        precision={0}
                        disabled={lot.expired === 1 || data.editable !== 1}
                        value={plan[l.line_id]?.[lot.lot_id] ?? 0}
                        onChange={(v) =>
                          setPlan((p) => ({
                            ...p,
                            [l.line_id]: { ...p[l.line_id], [lot.lot_id]: Number(v ?? 0) },
                          }))
                        }
                      />
                    ),
                  },
                ]}
              />
            </Card>
          ))}
          <Typography.Text>调整原因{changed ? '（必填）' : '（未调整时可不填）'}</Typography.Text>
          <Input.TextArea
            aria-label="调整原因"
            rows={2}
            maxLength={200}
            showCount
            value={reason}
            status={error && changed && !reason.trim() ? 'error' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}
