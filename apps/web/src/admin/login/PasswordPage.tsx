import { App, Button, Card, Form, Input } from 'antd';
import { adminPasswordSchema, passwordSchema, type AdminPasswordInput } from '@kc/domain';
import { zodRule } from '../../shared/forms/zod-rule';
import { useChangePassword } from './api';

type Fields = AdminPasswordInput & { confirm: string };

/** /admin/password (修改密码): the current password, the new one twice. */
export function PasswordPage() {
  const [form] = Form.useForm<Fields>();
  const change = useChangePassword();
  const { message } = App.useApp();
  const submit = ({ old_password, new_password }: Fields) =>
    change.mutate(
      { old_password, new_password },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success('密码已修改，其他设备上的登录已退出');
        },
      },
    );

  return (
    <Card title="修改密码" style={{ maxWidth: 520 }}>
      <Form<Fields> form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="old_password"
          label="原密码"
          required
          rules={[zodRule(adminPasswordSchema.shape.old_password, '原密码')]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label="新密码"
          required
          extra="8-64位，需同时包含字母和数字"
          rules={[
            zodRule(passwordSchema, '新密码'),
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                if (value && value === getFieldValue('old_password'))
                  throw new Error('新密码不能与原密码相同');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['new_password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                if (value && value !== getFieldValue('new_password')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
