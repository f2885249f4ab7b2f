import { useEffect, useMemo } from 'react';
import { Button, DatePicker, Drawer, Form, Input, Radio, Skeleton, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ACTIVITY_KIND_TEXT,
  ACTIVITY_KINDS,
  type ActivityAdminView,
  type ActivityKindName,
} from '@kc/domain';
import { useActivity, useActivityWrite } from '../api';
import { goodsLabel } from '../../../shared';
import { RuleFields } from './RuleFields';

const FMT = 'YYYY-MM-DD HH:mm:ss';
const kindOptions = ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_TEXT[k] }));

/** The page each kind usually lives on, as a hint. */
const URL_HINT: Partial<Record<ActivityKindName, string>> = {
  manfan: '/hb',
  discount: '/welfare',
  special: '/mrtj',
  template: '/zqmb',
};

interface Values {
  kind: ActivityKindName;
  name: string;
  url?: string;
  window: [Dayjs, Dayjs];
  enabled: boolean;
  banner?: string;
  description?: string;
  goods_ids?: number[];
  excluded_goods_ids?: number[];
  tiers?: { amount?: number; value?: number }[];
  /** 折 as the operator types it: 9.4 → 940‰. */
  zhe?: number;
  buy?: number;
  give?: number;
  gift_type?: 1 | 2;
  gift_name?: string;
  items?: { goods_id?: number; price?: number; limit?: number; date?: Dayjs | null }[];
  sections?: { title?: string; goods_ids?: number[] }[];
  coupon_ids?: number[];
}

const yuan = (n: number | undefined) => (n ?? 0).toFixed(2);

/** The body the server takes (packages/domain activity-admin.ts): the kind's rules only, yuan. */
export function bodyOf(v: Values) {
  const common = {
    kind: v.kind,
    name: v.name,
    url: v.url ?? '',
    banner: v.banner ?? '',
    description: v.description ?? '',
    start_time: v.window[0].format(FMT),
    end_time: v.window[1].format(FMT),
    enabled: v.enabled,
  };
  switch (v.kind) {
    case 'manjian':
    case 'manfan':
      return {
        ...common,
        tiers: (v.tiers ?? []).map((t) => ({ amount: yuan(t.amount), value: yuan(t.value) })),
        goods_ids: v.goods_ids ?? [],
      };
    case 'discount':
      return {
        ...common,
        rate_per_mille: Math.round((v.zhe ?? 0) * 100),
        excluded_goods_ids: v.excluded_goods_ids ?? [],
      };
    case 'gift':
      return {
        ...common,
        buy: v.buy,
        give: v.give,
        gift_type: v.gift_type ?? 1,
        gift_name: v.gift_type === 2 ? (v.gift_name ?? '') : '',
        goods_ids: v.goods_ids ?? [],
      };
    case 'flash':
    case 'special':
      return {
        ...common,
        items: (v.items ?? []).map((i) => ({
          goods_id: i.goods_id,
          price: yuan(i.price),
          limit: i.limit ?? 0,
          ...(v.kind === 'special' ? { date: i.date ? i.date.format('YYYY-MM-DD') : '' } : {}),
        })),
      };
    case 'template':
      return {
        ...common,
        sections: (v.sections ?? []).map((s) => ({ title: s.title ?? '', goods_ids: s.goods_ids ?? [] })),
        coupon_ids: v.coupon_ids ?? [],
      };
  }
}

/** The form's values of an activity opened for editing. */
function valuesOf(a: ActivityAdminView): Values {
  return {
    kind: a.kind,
    name: a.name,
    url: a.url,
    window: [dayjs(a.start_time, FMT), dayjs(a.end_time, FMT)],
    enabled: a.enabled === 1,
    banner: a.banner,
    description: a.description,
    goods_ids: a.goods.map((g) => g.id),
    excluded_goods_ids: a.excluded_goods.map((g) => g.id),
    tiers: a.tiers.map((t) => ({ amount: Number(t.amount), value: Number(t.value) })),
    zhe: a.rate_per_mille ? a.rate_per_mille / 100 : undefined,
    buy: a.gift?.buy,
    give: a.gift?.give,
    gift_type: a.gift?.type ?? 1,
    gift_name: a.gift?.type === 2 ? a.gift.name : '',
    items: a.items.map((i) => ({
      goods_id: i.goods_id,
      price: Number(i.price),
      limit: i.limit,
      date: i.date ? dayjs(i.date, 'YYYY-MM-DD') : null,
    })),
    sections: a.sections.map((s) => ({ title: s.title, goods_ids: s.goods.map((g) => g.id) })),
    coupon_ids: a.coupons.map((c) => c.id),
  };
}

/** Labels of every goods an activity names, for the pickers. */
function labelsOf(a: ActivityAdminView | undefined): Map<number, string> {
  const out = new Map<number, string>();
  if (!a) return out;
  const refs = [
    ...a.goods,
    ...a.excluded_goods,
    ...a.items.flatMap((i) => (i.goods ? [i.goods] : [])),
    ...a.sections.flatMap((s) => s.goods),
  ];
  for (const g of refs) out.set(g.id, goodsLabel(g));
  return out;
}

const freshValues = (): Partial<Values> => ({
  kind: 'manjian',
  enabled: true,
  window: [dayjs().startOf('minute'), dayjs().add(30, 'day').endOf('day')],
  tiers: [{}],
  gift_type: 1,
});

/**
 * New activity (editingId = null) or an edit. The rule fields follow the kind (the kind of a
 * saved activity stays); the server checks the rest (goods exist, prices below list, …).
 */
export function ActivityDrawer({
  open,
  editingId,
  onClose,
  onSaved,
}: {
  open: boolean;
  editingId: number | null;
  onClose: () => void;
  onSaved: (a: ActivityAdminView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const write = useActivityWrite();
  const detail = useActivity(open ? editingId : null);
  const kind = Form.useWatch('kind', form) ?? 'manjian';
  const editing = editingId !== null ? detail.data : undefined;
  const labels = useMemo(() => labelsOf(editing), [editing]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(valuesOf(editing));
  }, [open, editing, form]);

  const submit = async (v: Values) => {
    const body = bodyOf(v);
    const saved =
      editingId === null
        ? await write.mutateAsync({ body })
        : await write.mutateAsync({ id: editingId, body });
    onSaved(saved);
  };

  const loading = editingId !== null && !editing;
  return (
    <Drawer
      title={editingId === null ? '新建活动' : `编辑活动：${editing?.name ?? ''}`}
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={write.isPending} disabled={loading} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {loading && <Skeleton active />}
      {/* Kept mounted while the activity loads (hidden), so the form instance stays connected. */}
      <Form
        form={form}
        layout="vertical"
        style={loading ? { display: 'none' } : undefined}
        initialValues={freshValues()}
        onFinish={(v) => void submit(v).catch(() => {})}
      >
        <Form.Item name="kind" label="活动类型">
          <Radio.Group
            optionType="button"
            options={kindOptions}
            disabled={editingId !== null}
            onChange={() => {
              // A fresh start for the rule fields of another kind.
              form.setFieldsValue({ tiers: [{}], items: [], sections: [] });
            }}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="活动名称"
          rules={[{ required: true, message: '请填写活动名称' }, { max: 60 }]}
        >
          <Input placeholder="如：全场满500减20" />
        </Form.Item>
        <Form.Item name="window" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
          <DatePicker.RangePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <RuleFields kind={kind} labels={labels} />
        <Form.Item name="url" label="活动页面（选填）">
          <Input placeholder={URL_HINT[kind] ? `如：${URL_HINT[kind]}` : '如：/yjh/1'} maxLength={100} />
        </Form.Item>
        <Form.Item name="banner" label="横幅图片地址（选填）">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="description" label="活动说明（选填）">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
