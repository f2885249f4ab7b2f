import { useEffect } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Space, Switch } from 'antd';
import { pointsGoodsInputSchema, type AdminPointsGoodsView } from '@kc/domain';
import { firstError, useSaveGift, type GiftForm } from '../api';

interface Props {
  /** null: a new gift. */
  gift: AdminPointsGoodsView | null;
  open: boolean;
  onClose: () => void;
}

const EMPTY: GiftForm = {
  name: '',
  image: '',
  description: '',
  points: 100,
  stock: 0,
  per_member: 0,
  on_sale: true,
  goods_id: 0,
  sort: 0,
};

/** 新增 / 编辑积分礼品: checked with the server's own schema before sending. */
export function GiftDrawer({ gift, open, onClose }: Props) {
  const [form] = Form.useForm<GiftForm>();
  const save = useSaveGift();
  const { message } = App.useApp();
  const image = Form.useWatch('image', form);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      gift
        ? {
            name: gift.name,
            image: gift.image,
            description: gift.description,
            points: gift.points,
            stock: gift.stock,
            per_member: gift.per_member,
            on_sale: gift.on_sale === 1,
            goods_id: gift.goods_id,
            sort: gift.sort,
          }
        : EMPTY,
    );
  }, [open, gift, form]);

  const submit = async () => {
    const values = { ...EMPTY, ...form.getFieldsValue() };
    const why = firstError(pointsGoodsInputSchema, { ...values, on_sale: values.on_sale ? 1 : 0 });
    if (why) {
      void message.error(why);
      return;
    }
    try {
      await save.mutateAsync({ id: gift?.id ?? null, form: values });
      void message.success(gift ? '礼品已保存' : '礼品已创建');
      onClose();
    } catch {
      // shown by the API client
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={gift ? `编辑礼品：${gift.name}` : '新增积分礼品'}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={EMPTY}>
        <Form.Item label="礼品名称" name="name" required>
          <Input maxLength={60} placeholder="如：医用外科口罩（50只/盒）" />
        </Form.Item>
        <Form.Item label="图片地址" name="image" extra="以 http(s):// 或 / 开头的图片链接">
          <Input maxLength={500} placeholder="https://…" />
        </Form.Item>
        {image ? (
          <img
            src={image}
            alt="预览"
            style={{ width: 96, height: 96, marginBottom: 16, border: '1px solid #eee' }}
          />
        ) : null}
        <Space size={16} wrap>
          <Form.Item label="所需积分" name="points" required>
            <InputNumber min={1} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="库存" name="stock" required>
            <InputNumber min={0} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="每人限兑（0为不限）" name="per_member">
            <InputNumber min={0} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="排序（大的在前）" name="sort">
            <InputNumber min={0} precision={0} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Form.Item label="关联商品ID（可选，0为不关联）" name="goods_id">
          <InputNumber min={0} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="上架" name="on_sale" valuePropName="checked">
          <Switch checkedChildren="上架" unCheckedChildren="下架" />
        </Form.Item>
        <Form.Item label="礼品说明" name="description">
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
