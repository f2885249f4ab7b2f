import { useEffect, useMemo } from 'react';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Space, Switch } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { ACTIVITY_LIMITS, type CombinationAdminView } from '@kc/domain';
import { useCombinationWrite } from '../api';
import { GoodsSelect, goodsLabel } from '../../../shared';

const FMT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  name: string;
  price?: number;
  items: { goods_id?: number; number?: number }[];
  window: [Dayjs, Dayjs];
  on_sale: boolean;
}

/** New combination (editing = null) or an edit: the goods with their numbers and one set price. */
export function CombinationDrawer({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: CombinationAdminView | null;
  onClose: () => void;
  onSaved: (c: CombinationAdminView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const write = useCombinationWrite();
  const labels = useMemo(
    () =>
      new Map((editing?.items ?? []).flatMap((i) => (i.goods ? [[i.goods_id, goodsLabel(i.goods)]] : []))),
    [editing],
  ) as Map<number, string>;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        price: Number(editing.price),
        items: editing.items.map((i) => ({ goods_id: i.goods_id, number: i.number })),
        window: [dayjs(editing.start_time, FMT), dayjs(editing.end_time, FMT)],
        on_sale: editing.on_sale === 1,
      });
  }, [open, editing, form]);

  const submit = async (v: Values) => {
    const body = {
      name: v.name,
      price: (v.price ?? 0).toFixed(2),
      items: v.items.map((i) => ({ goods_id: i.goods_id, number: i.number ?? 1 })),
      start_time: v.window[0].format(FMT),
      end_time: v.window[1].format(FMT),
      on_sale: v.on_sale,
    };
    const saved = editing
      ? await write.mutateAsync({ id: editing.id, body })
      : await write.mutateAsync({ body });
    onSaved(saved);
  };

  return (
    <Drawer
      title={editing ? `编辑组合：${editing.name}` : '新建组合'}
      open={open}
      onClose={onClose}
      size={560}
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
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          items: [{ number: 1 }, { number: 1 }],
          on_sale: true,
          window: [dayjs().startOf('minute'), dayjs().add(30, 'day').endOf('day')],
        }}
        onFinish={(v) => void submit(v).catch(() => {})}
      >
        <Form.Item
          name="name"
          label="组合名称"
          rules={[{ required: true, message: '请填写组合名称' }, { max: 60 }]}
        >
          <Input placeholder="如：感冒组合（颗粒+片剂）" />
        </Form.Item>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map(({ key, name }, i) => (
                <Space key={key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[name, 'goods_id']}
                    label={`第${i + 1}个商品`}
                    rules={[{ required: true, message: '请选择商品' }]}
                    style={{ width: 340 }}
                  >
                    <GoodsSelect labels={labels} aria-label={`第${i + 1}个商品`} />
                  </Form.Item>
                  <Form.Item
                    name={[name, 'number']}
                    label="数量"
                    rules={[{ required: true, message: '请填写数量' }]}
                  >
                    <InputNumber min={1} max={999} precision={0} style={{ width: 90 }} />
                  </Form.Item>
                  {fields.length > 2 && (
                    <Button type="link" danger icon={<MinusCircleOutlined />} onClick={() => remove(name)} />
                  )}
                </Space>
              ))}
              <Form.Item>
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  disabled={fields.length >= ACTIVITY_LIMITS.combinationItems}
                  onClick={() => add({ number: 1 })}
                >
                  添加商品
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Form.Item name="price" label="组合价（元/套）" rules={[{ required: true, message: '请填写组合价' }]}>
          <InputNumber min={0.01} precision={2} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="window" label="销售时间" rules={[{ required: true, message: '请选择销售时间' }]}>
          <DatePicker.RangePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="on_sale" label="上架" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
