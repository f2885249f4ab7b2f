import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Form, Input, Modal, Radio, Select } from 'antd';
import { RETURN_REASONS, returnRequestSchema, type OrderDetailView } from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import { returnPath, useReturnRequest } from '../api/return-request';
import { PhotoPicker, type ChosenPhoto } from './PhotoPicker';
import { ReturnLinesField } from './ReturnLinesField';

interface Values {
  kind: 'return' | 'after_sales';
  numbers?: Record<string, number | null | undefined>;
  reason?: string;
  description?: string;
}

const shape = returnRequestSchema.shape;
const KINDS = [
  { value: 'return', label: '退货退款' },
  { value: 'after_sales', label: '售后' },
];

interface Props {
  order: OrderDetailView;
  open: boolean;
  onClose: () => void;
}

/** 申请退货/售后: kind, lines and quantities, reason, description and up to 5 photos. */
export function ReturnRequestModal({ order, open, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const request = useReturnRequest();
  const lines = order.lines.filter((l) => l.returnable_number > 0);

  const picked = (numbers: Values['numbers']) =>
    lines.flatMap((l) => {
      const n = numbers?.[String(l.id)] ?? 0;
      return n > 0 ? [{ line_id: l.id, number: n }] : [];
    });
  // Said at once with the fields' own messages, not only after they pass.
  const checkLines = () =>
    setProblem(
      picked(form.getFieldValue('numbers') as Values['numbers']).length ? null : '请选择要退货的商品',
    );

  const submit = async (v: Values) => {
    // The same schema the server checks with: here it catches "no line chosen".
    const parsed = returnRequestSchema.omit({ photos: true }).safeParse({ ...v, lines: picked(v.numbers) });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? '请检查填写的内容');
    setProblem(null);
    const created = await request.mutateAsync({
      orderId: order.id,
      input: parsed.data,
      photos: photos.map((p) => p.file),
    });
    void message.success('申请已提交，请等待审核');
    onClose();
    void navigate(returnPath(created));
  };

  return (
    <Modal
      open={open}
      title="申请退货/售后"
      width={780}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={request.isPending}
      onOk={() => {
        checkLines();
        form.submit();
      }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setPhotos([]);
        setProblem(null);
      }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'return' }}
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item name="kind" label="申请类型">
          <Radio.Group optionType="button" options={KINDS} />
        </Form.Item>
        <ReturnLinesField lines={lines} />
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Form.Item name="reason" label="退货原因" rules={[zodRule(shape.reason, '退货原因')]}>
          <Select
            aria-label="退货原因"
            placeholder="请选择退货原因"
            options={RETURN_REASONS.map((r) => ({ value: r, label: r }))}
          />
        </Form.Item>
        <Form.Item name="description" label="问题描述" rules={[zodRule(shape.description, '问题描述')]}>
          <Input.TextArea
            aria-label="问题描述"
            rows={3}
            maxLength={500}
            showCount
            placeholder="请描述遇到的问题"
          />
        </Form.Item>
        <Form.Item label="照片（JPG/PNG，每张不超过5MB，最多5张）">
          <PhotoPicker photos={photos} onChange={setPhotos} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
