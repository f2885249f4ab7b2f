import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import {
  DRAW_ODDS_BASE,
  DRAW_PRIZE_KIND_TEXT,
  DRAW_PRIZE_KINDS,
  type AdminDrawPrize,
  type DrawPrizeKind,
} from '@kc/domain';
import { useCouponOptions, useDrawWrite } from '../api';

interface Values {
  name: string;
  kind: DrawPrizeKind;
  value?: number;
  amount?: string;
  coupon_template_id?: number;
  odds: number;
  stock?: number;
  sort?: number;
  image?: string;
}

const KIND_OPTIONS = DRAW_PRIZE_KINDS.map((k) => ({ value: k, label: DRAW_PRIZE_KIND_TEXT[k] }));

/**
 * A prize of a draw (editing = null: a new one). Odds are per 10,000 draws; the server refuses
 * a sum past 10,000 and a stock below what was already awarded.
 */
export function PrizeModal({
  drawId,
  open,
  editing,
  oddsLeft,
  onClose,
  onSaved,
}: {
  drawId: number;
  open: boolean;
  editing: AdminDrawPrize | null;
  /** 10,000 minus the other prizes' odds. */
  oddsLeft: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const coupons = useCouponOptions(open && kind === 'coupon');
  const write = useDrawWrite();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        kind: editing.kind,
        value: editing.value || undefined,
        amount: editing.kind === 'balance' ? editing.amount : undefined,
        coupon_template_id: editing.coupon_template_id ?? undefined,
        odds: editing.odds,
        stock: editing.stock,
        sort: editing.sort,
        image: editing.image,
      });
  }, [open, editing, form]);

  const submit = async (v: Values) => {
    const body = { ...v, image: v.image ?? '', stock: v.stock ?? 0, sort: v.sort ?? 0 };
    await write.mutateAsync({
      path: editing ? `/api/admin/draw_prizes/${editing.id}` : `/api/admin/draws/${drawId}/prizes`,
      body,
    });
    onSaved();
  };

  return (
    <Modal
      title={editing ? `编辑奖品：${editing.name}` : '添加奖品'}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={write.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'points', odds: 0, stock: 0, sort: 0 }}
        onFinish={(v) => void submit(v).catch(() => {})}
      >
        <Form.Item
          name="name"
          label="奖品名称"
          rules={[{ required: true, message: '请输入奖品名称' }, { max: 50 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="kind" label="奖品类型" rules={[{ required: true, message: '请选择奖品类型' }]}>
          <Select options={KIND_OPTIONS} disabled={!!editing && editing.awarded > 0} />
        </Form.Item>
        {kind === 'points' && (
          <Form.Item name="value" label="积分数" rules={[{ required: true, message: '请填写积分数' }]}>
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind === 'balance' && (
          <Form.Item
            name="amount"
            label="余额金额（元）"
            rules={[
              { required: true, message: '请填写余额金额' },
              { pattern: /^\d{1,6}(\.\d{1,2})?$/, message: '金额格式有误' },
            ]}
          >
            <Input prefix="¥" />
          </Form.Item>
        )}
        {kind === 'coupon' && (
          <Form.Item
            name="coupon_template_id"
            label="优惠券"
            rules={[{ required: true, message: '请选择优惠券' }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={coupons.isFetching}
              options={(coupons.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="odds"
          label={`中奖概率（每 ${DRAW_ODDS_BASE} 次）`}
          extra={`还可分配 ${oddsLeft}；如 100 表示 1%`}
          rules={[{ required: true, message: '请填写中奖概率' }]}
        >
          <InputNumber min={0} max={DRAW_ODDS_BASE} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {kind !== 'none' && (
          <Form.Item
            name="stock"
            label="库存（最多发出件数）"
            extra={editing ? `已发出 ${editing.awarded}` : undefined}
          >
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="sort" label="排序（小的在前）">
          <InputNumber min={-100_000} max={100_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="image" label="奖品图片地址">
          <Input placeholder="可留空" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
