import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal } from 'antd';
import { joinApplySchema, type JoinApplyInput } from '@kc/domain';
import { api } from '../api';
import { zodRule } from '../forms/zod-rule';

const field = joinApplySchema.shape;

/** `POST /api/goods/join_apply`: a visitor or a member applies to join the franchise. */
export const joinApply = (input: JoinApplyInput) =>
  api.post<{ id: number }>('/api/goods/join_apply', { ...input });

/**
 * The franchise zone's 申请加盟 button and its form (company, contact, phone, region, remark).
 * Open to visitors: the operator reviews every application in the back office.
 */
export function JoinApplyButton({ goodsId }: { goodsId?: number }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<JoinApplyInput>();
  const { message } = App.useApp();
  const send = useMutation({ mutationFn: joinApply });
  const submit = async (values: JoinApplyInput) => {
    await send.mutateAsync(joinApplySchema.parse({ ...values, goods_id: goodsId }));
    void message.success('申请已提交，招商专员会尽快与您联系');
    form.resetFields();
    setOpen(false);
  };
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        申请加盟
      </Button>
      <Modal
        open={open}
        title="申请加盟"
        okText="提交申请"
        cancelText="取消"
        confirmLoading={send.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p style={{ color: '#666' }}>加盟品种享区域保护，提交后招商专员会在1个工作日内与您联系。</p>
        <Form<JoinApplyInput> form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="company" label="门店名称" required rules={[zodRule(field.company, '门店名称')]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="name" label="联系人" required rules={[zodRule(field.name, '联系人')]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="phone" label="联系电话" required rules={[zodRule(field.phone, '联系电话')]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="region" label="所在地区" required rules={[zodRule(field.region, '所在地区')]}>
            <Input placeholder="如 浙江省杭州市西湖区" maxLength={100} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[zodRule(field.remark, '备注')]}>
            <Input.TextArea rows={3} maxLength={500} placeholder="选填，如门店数量、意向品种" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
