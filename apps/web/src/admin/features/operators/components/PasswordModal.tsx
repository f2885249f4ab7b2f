import { App, Form, Input, Modal } from 'antd';
import type { OperatorView } from '@kc/domain';
import { OPERATORS_PATH, useOperatorWrite } from '../api';

/** 重置密码: a 管理员 sets a new password; the operator's sessions end. */
export function PasswordModal({ target, onClose }: { target: OperatorView | null; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const write = useOperatorWrite();
  const { message } = App.useApp();
  const submit = async ({ password }: { password: string }) => {
    await write.mutateAsync({ path: `${OPERATORS_PATH}/${target!.id}/password`, body: { password } });
    message.success(`已重置 ${target!.username} 的密码，其登录已全部退出`);
    onClose();
  };
  return (
    <Modal
      title={target ? `重置密码：${target.name || target.username}` : ''}
      open={!!target}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="重置"
      confirmLoading={write.isPending}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => {})}>
        <Form.Item
          name="password"
          label="新密码"
          extra="8到64位，须同时包含字母和数字"
          rules={[
            { required: true, message: '请输入密码' },
            { min: 8, message: '密码至少8位' },
            { max: 64, message: '密码最多64位' },
            { pattern: /(?=.*[A-Za-z])(?=.*\d)/, message: '密码需同时包含字母和数字' },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
