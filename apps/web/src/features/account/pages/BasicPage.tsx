import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Input, Space, Tag } from 'antd';
import { updateUserInfoSchema, type UpdateUserInfoInput, type UserProfile } from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import { updateUserInfo } from '../api/profile';
import { createCode } from '../api/sms';
import { USER_KEY } from '../../../shared/session/keys';
import { isMember, useUser } from '../../../shared/session/user';
import { AccountShell } from '../../../shared/member/AccountShell';
import { SmsCodeButton } from '../components/SmsCodeButton';

const shape = updateUserInfoSchema.shape;
const rules = {
  name: [zodRule(shape.name, '联系人姓名')],
  phone: [zodRule(shape.phone, '手机号码')],
  code: [zodRule(shape.code.unwrap(), '短信验证码')],
};

function ProfileForm({ user }: { user: UserProfile }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UpdateUserInfoInput>();
  const phone = Form.useWatch('phone', form) ?? user.phone;
  const phoneChanged = phone.trim() !== user.phone;
  const save = useMutation({
    mutationFn: updateUserInfo,
    onSuccess: (updated) => {
      queryClient.setQueryData(USER_KEY, { ...updated, show: true });
      form.setFieldValue('code', undefined);
      void message.success('基础信息已保存');
    },
  });
  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return false;
    }
    await createCode({ mobile: String(form.getFieldValue('phone')).trim(), scene: 'change_phone' });
    return true;
  };
  return (
    <Form<UpdateUserInfoInput>
      form={form}
      name="basic"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 10 }}
      requiredMark={false}
      initialValues={{ name: user.name, phone: user.phone }}
      onFinish={(v) => save.mutate(phoneChanged ? v : { name: v.name, phone: v.phone })}
    >
      <Form.Item label="联系人" name="name" rules={rules.name}>
        <Input />
      </Form.Item>
      <Form.Item
        label="手机号码"
        name="phone"
        rules={rules.phone}
        extra={phoneChanged ? '更换手机号需验证新号码' : undefined}
      >
        <Input maxLength={11} />
      </Form.Item>
      {phoneChanged && (
        <Form.Item label="短信验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" rules={rules.code} noStyle>
              <Input maxLength={6} aria-label="短信验证码" />
            </Form.Item>
            <SmsCodeButton onSend={sendCode} />
          </Space.Compact>
        </Form.Item>
      )}
      <Form.Item wrapperCol={{ offset: 4, span: 10 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}

/** /basic: the account's details (GET /api/user/base); the contact name and phone are editable. */
export function BasicPage() {
  const user = useUser();
  const member = isMember(user) ? user : null;
  return (
    <AccountShell title="基础信息">
      {member && (
        <>
          <Descriptions column={2} size="small" style={{ marginBottom: 24 }}>
            <Descriptions.Item label="用户名">{member.username}</Descriptions.Item>
            <Descriptions.Item label="企业名称">{member.company || '—'}</Descriptions.Item>
            <Descriptions.Item label="会员等级">VIP{member.rank}</Descriptions.Item>
            <Descriptions.Item label="资质状态">
              {member.is_passed === 1 ? (
                <Tag color="success">已审核</Tag>
              ) : (
                <Tag color="processing">未审核</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="收货地址">{member.address || '—'}</Descriptions.Item>
            <Descriptions.Item label="微信">{member.wechat === '1' ? '已绑定' : '未绑定'}</Descriptions.Item>
          </Descriptions>
          <ProfileForm user={member} />
        </>
      )}
    </AccountShell>
  );
}
