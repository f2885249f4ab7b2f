import { useEffect } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Drawer, Form, Input, Space, Switch } from 'antd';
import type { AdminDrawRow } from '@kc/domain';
import { DRAWS_PATH, useDrawWrite } from '../api';

interface Values {
  name: string;
  window: [Dayjs, Dayjs];
  enabled: boolean;
  image: string;
  description: string;
}

/** A new draw (editing = null) or an edit: name, window, enabled, image, description. */
export function DrawDrawer({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: AdminDrawRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const write = useDrawWrite();
  const image = Form.useWatch('image', form);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        window: [dayjs(editing.start_time), dayjs(editing.end_time)],
        enabled: editing.enabled,
        image: editing.image,
        description: editing.description,
      });
  }, [open, editing, form]);

  const submit = async (v: Values) => {
    const body = {
      name: v.name,
      // China time as the form shows it; the server reads the offset.
      starts_at: v.window[0].format('YYYY-MM-DDTHH:mm:ss+08:00'),
      ends_at: v.window[1].format('YYYY-MM-DDTHH:mm:ss+08:00'),
      enabled: v.enabled ? 1 : 0,
      image: v.image ?? '',
      description: v.description ?? '',
    };
    await write.mutateAsync({ path: editing ? `${DRAWS_PATH}/${editing.id}` : DRAWS_PATH, body });
    onSaved();
  };

  return (
    <Drawer
      title={editing ? `编辑抽奖：${editing.name}` : '新建抽奖'}
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
      <Form
        form={form}
        layout="vertical"
        initialValues={{ enabled: true }}
        onFinish={(v) => void submit(v).catch(() => {})}
      >
        <Form.Item
          name="name"
          label="抽奖名称"
          rules={[{ required: true, message: '请输入抽奖名称' }, { max: 50 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="window" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
          <DatePicker.RangePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="enabled"
          label="启用"
          valuePropName="checked"
          extra="停用后弹窗不再展示，会员不能抽奖"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="image" label="弹窗图片地址" extra="建议 600×300；也用作弹窗广告（/api/draw/ads）">
          <Input placeholder="/media/… 或 https://…" />
        </Form.Item>
        {image && <img src={image} alt="弹窗图片预览" style={{ maxWidth: '100%', marginBottom: 16 }} />}
        <Form.Item name="description" label="活动说明" rules={[{ max: 500 }]}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
