import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Radio, message } from 'antd';
import type { WalletAdjustResult, WalletMemberView } from '@kc/domain';
import { api } from '../../../../shared/api';

export type AdjustKind = 'balance' | 'points';

interface Values {
  direction: 1 | -1;
  value: number;
  reason: string;
}

/**
 * 余额调整 / 积分调整 for one member: add or take (never below zero, the server checks), with
 * a required reason that the member sees in their log.
 */
export function AdjustModal({
  kind,
  member,
  onClose,
}: {
  kind: AdjustKind;
  member: WalletMemberView | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const balance = kind === 'balance';
  const save = useMutation({
    mutationFn: (v: Values) =>
      balance
        ? api.post<WalletAdjustResult>(`/api/admin/members/${member!.id}/balance_adjust`, {
            amount: `${v.direction < 0 ? '-' : ''}${v.value.toFixed(2)}`,
            reason: v.reason,
          })
        : api.post<WalletAdjustResult>(`/api/admin/members/${member!.id}/points_adjust`, {
            points: v.direction * v.value,
            reason: v.reason,
          }),
    onSuccess: async (r) => {
      message.success(`${balance ? '余额' : '积分'}已调整：${r.before} → ${r.after}`);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      title={`${balance ? '余额调整' : '积分调整'} — ${member?.company || member?.username || ''}`}
      open={member !== null}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      okText="确认调整"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p>
        当前{balance ? '余额' : '积分'}：
        <b>{balance ? `${member?.balance ?? ''} 元` : (member?.points ?? '')}</b>
      </p>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ direction: 1 }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="direction" label="调整方式">
          <Radio.Group
            options={[
              { value: 1, label: '增加' },
              { value: -1, label: '扣减' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={balance ? '金额（元）' : '积分'}
          rules={[{ required: true, message: balance ? '请填写调整金额' : '请填写调整积分' }]}
        >
          <InputNumber
            aria-label={balance ? '金额' : '积分数'}
            min={balance ? 0.01 : 1}
            precision={balance ? 2 : 0}
            max={balance ? 1_000_000 : 10_000_000}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="调整原因"
          rules={[{ required: true, whitespace: true, message: '请填写调整原因' }]}
        >
          <Input.TextArea aria-label="调整原因" maxLength={100} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
