import { useEffect } from 'react';
import {
  Alert,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  COUPON_KINDS,
  COUPON_SCOPES,
  type CouponAdminView,
  type CouponKind,
  type CouponScope,
} from '@kc/domain';
import { COUPONS_PATH, useCouponWrite, useScopeOptions } from '../api';

const FMT = 'YYYY-MM-DD HH:mm:ss';
const kindOptions = Object.entries(COUPON_KINDS).map(([value, label]) => ({ value, label }));
const scopeOptions = Object.entries(COUPON_SCOPES).map(([value, label]) => ({ value, label }));

interface Values {
  name: string;
  kind: CouponKind;
  threshold: number;
  amount?: number;
  /** 折 as the operator types it: 9.5 → 950‰. */
  zhe?: number;
  scope: CouponScope;
  scope_ids?: number[];
  validity: 'window' | 'days';
  valid?: [Dayjs, Dayjs];
  valid_days?: number;
  total: number;
  per_member: number;
  claim?: [Dayjs | null, Dayjs | null] | null;
  description?: string;
  published: boolean;
}

const time = (d: Dayjs | null | undefined) => (d ? d.format(FMT) : '');
const parsed = (s: string) => (s ? dayjs(s, FMT) : null);

/** The body the server takes (packages/domain coupon-admin.ts): yuan, 折 as per mille, China times. */
function bodyOf(v: Values, lockedAfterClaim: boolean) {
  const claim = {
    claim_starts_at: time(v.claim?.[0]),
    claim_ends_at: time(v.claim?.[1]),
    total: v.total,
    published: v.published,
  };
  if (lockedAfterClaim) return claim;
  return {
    ...claim,
    name: v.name,
    kind: v.kind,
    threshold: (v.threshold ?? 0).toFixed(2),
    ...(v.kind === 'discount'
      ? { rate: Math.round((v.zhe ?? 0) * 100) }
      : { amount: (v.amount ?? 0).toFixed(2) }),
    scope: v.scope,
    scope_ids: v.scope === 'all' ? [] : (v.scope_ids ?? []),
    valid_days: v.validity === 'days' ? (v.valid_days ?? 0) : 0,
    valid_from: v.validity === 'window' ? time(v.valid?.[0]) : '',
    valid_to: v.validity === 'window' ? time(v.valid?.[1]) : '',
    per_member: v.per_member,
    description: v.description ?? '',
  };
}

/**
 * New coupon (editing = null) or an edit. Once members hold it only the publication, the
 * claim window and the total (upwards) may change: the other fields are shown disabled.
 */
export function CouponDrawer({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: CouponAdminView | null;
  onClose: () => void;
  onSaved: (c: CouponAdminView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const write = useCouponWrite();
  const kind = Form.useWatch('kind', form);
  const scope = Form.useWatch('scope', form);
  const validity = Form.useWatch('validity', form);
  const { categories, brands } = useScopeOptions(open);
  const locked = !!editing && editing.editable === 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        kind: editing.kind,
        threshold: Number(editing.threshold),
        amount: Number(editing.amount),
        zhe: editing.kind === 'discount' ? editing.rate / 100 : undefined,
        scope: editing.scope,
        scope_ids: editing.scope_ids,
        validity: editing.valid_days > 0 ? 'days' : 'window',
        valid: editing.valid_days > 0 ? undefined : [parsed(editing.valid_from)!, parsed(editing.valid_to)!],
        valid_days: editing.valid_days || undefined,
        total: editing.total,
        per_member: editing.per_member,
        claim: [parsed(editing.claim_starts_at), parsed(editing.claim_ends_at)],
        description: editing.description,
        published: editing.published === 1,
      });
  }, [open, editing, form]);

  const submit = async (v: Values) => {
    const body = bodyOf(v, locked);
    const saved = editing
      ? await write.mutateAsync({ path: `${COUPONS_PATH}/${editing.id}`, body })
      : await write.mutateAsync({ path: COUPONS_PATH, body });
    onSaved(saved);
  };

  return (
    <Drawer
      title={editing ? `编辑优惠券：${editing.name}` : '新建优惠券'}
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={write.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {locked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="已有会员领取：只能修改发布状态、领取时间和发行量（只增不减）"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v).catch(() => {})}
        initialValues={{
          kind: 'manjian',
          threshold: 0,
          scope: 'all',
          validity: 'window',
          total: 0,
          per_member: 1,
          published: false,
        }}
        disabled={false}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写名称' }, { max: 40 }]}>
          <Input disabled={locked} placeholder="如：满200减20" />
        </Form.Item>
        <Form.Item name="kind" label="券类型">
          <Radio.Group options={kindOptions} disabled={locked} />
        </Form.Item>
        <Space size={16} align="start">
          <Form.Item name="threshold" label="使用门槛（元，0为无门槛）">
            <InputNumber min={0} precision={2} disabled={locked} style={{ width: 180 }} />
          </Form.Item>
          {kind === 'discount' ? (
            <Form.Item name="zhe" label="折扣（折）" rules={[{ required: true, message: '请填写折扣' }]}>
              <InputNumber
                min={0.1}
                max={9.99}
                step={0.1}
                precision={2}
                disabled={locked}
                style={{ width: 160 }}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="amount"
              label="优惠金额（元）"
              rules={[{ required: true, message: '请填写优惠金额' }]}
            >
              <InputNumber min={0.01} precision={2} disabled={locked} style={{ width: 160 }} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="scope" label="适用范围">
          <Radio.Group options={scopeOptions} disabled={locked} />
        </Form.Item>
        {scope === 'categories' && (
          <Form.Item name="scope_ids" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
            <Select
              mode="multiple"
              disabled={locked}
              showSearch={{ optionFilterProp: 'label' }}
              options={categories.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        )}
        {scope === 'brand' && (
          <Form.Item name="scope_ids" label="品牌" rules={[{ required: true, message: '请选择品牌' }]}>
            <Select
              mode="multiple"
              disabled={locked}
              showSearch={{ optionFilterProp: 'label' }}
              options={brands.map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
        )}
        {scope === 'goods' && (
          <Form.Item name="scope_ids" label="商品ID" rules={[{ required: true, message: '请填写商品ID' }]}>
            <Select
              mode="tags"
              disabled={locked}
              tokenSeparators={[',', ' ']}
              placeholder="输入商品ID后回车"
            />
          </Form.Item>
        )}
        <Form.Item name="validity" label="有效期">
          <Radio.Group
            disabled={locked}
            options={[
              { value: 'window', label: '固定时间' },
              { value: 'days', label: '领取后N天' },
            ]}
          />
        </Form.Item>
        {validity === 'days' ? (
          <Form.Item
            name="valid_days"
            label="领取后有效天数"
            rules={[{ required: true, message: '请填写天数' }]}
          >
            <InputNumber min={1} max={3650} disabled={locked} addonAfter="天" />
          </Form.Item>
        ) : (
          <Form.Item name="valid" label="有效时间" rules={[{ required: true, message: '请选择有效时间' }]}>
            <DatePicker.RangePicker showTime disabled={locked} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Space size={16} align="start">
          <Form.Item name="total" label="发行量（0为不限）">
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="per_member" label="每人限领">
            <InputNumber min={1} max={99} precision={0} disabled={locked} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="claim" label="领取时间（不填为发布即可领取）">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label="使用说明">
          <Input.TextArea rows={2} maxLength={200} disabled={locked} />
        </Form.Item>
        <Form.Item name="published" label="发布到领券中心" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
