import { Alert, Button, Form, Input, Result, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { forgetVerifySchema, resetPasswordSchema, type ForgetVerifyInput } from '@kc/domain';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { forgetVerify, resetPassword, resetTicket } from '../../api/forget';
import { createCode } from '../../api/sms';
import { RegisterFrame } from '../../components/RegisterFrame';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import frame from '../../components/RegisterFrame.module.css';

const STEPS = ['验证手机号', '设置新密码', '重置成功'];
const mobileRule = zodRule(forgetVerifySchema.shape.mobile, '手机号码');
const codeRule = zodRule(forgetVerifySchema.shape.code, '短信验证码');
const passwordRule = zodRule(resetPasswordSchema.shape.password, '新密码');

/** /forget/step1: the mobile and a code sent to it. */
export function ForgetStep1Page() {
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgetVerifyInput>();
  const verify = useMutation({
    mutationFn: forgetVerify,
    onSuccess: (reply) => {
      resetTicket.save(reply);
      void navigate('/forget/step2');
    },
  });
  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return false;
    }
    await createCode({ mobile: String(form.getFieldValue('mobile')).trim(), scene: 'reset' });
    return true;
  };
  return (
    <RegisterFrame title="找回密码" current={0} steps={STEPS}>
      <Form
        form={form}
        name="forget"
        className={frame.form}
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 18 }}
        requiredMark={false}
        onFinish={(v) => verify.mutate(v)}
      >
        <Form.Item label="手机号码" name="mobile" rules={[mobileRule]}>
          <Input maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" rules={[codeRule]} noStyle>
              <Input maxLength={6} aria-label="短信验证码" />
            </Form.Item>
            <SmsCodeButton onSend={sendCode} />
          </Space.Compact>
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6, span: 18 }}>
          <Button type="primary" htmlType="submit" block loading={verify.isPending}>
            下一步
          </Button>
        </Form.Item>
      </Form>
    </RegisterFrame>
  );
}

/** /forget/step2: the new password, for every store behind the verified mobile. */
export function ForgetStep2Page() {
  const navigate = useNavigate();
  const ticket = resetTicket.read();
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword({ password, reset_token: ticket?.reset_token }),
    onSuccess: () => {
      resetTicket.clear();
      void navigate('/forget/step3');
    },
  });
  return (
    <RegisterFrame title="找回密码" current={1} steps={STEPS}>
      {ticket && ticket.stores.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title={`新密码将用于该手机号下的全部门店：${ticket.stores.map((st) => st.company || st.username).join('、')}`}
        />
      )}
      <Form<{ password: string; confirm: string }>
        name="reset"
        className={frame.form}
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 18 }}
        requiredMark={false}
        onFinish={(v) => reset.mutate(v.password)}
      >
        <Form.Item label="新密码" name="password" rules={[passwordRule]} extra="8-64位，需同时包含字母和数字">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_r, value: unknown) => {
                if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6, span: 18 }}>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            确认修改
          </Button>
        </Form.Item>
        <div style={{ textAlign: 'center', fontSize: 13 }}>
          验证已过期？<Link to="/forget/step1">重新验证手机号</Link>
        </div>
      </Form>
    </RegisterFrame>
  );
}

/** /forget/step3: done; every other session of those stores has ended. */
export function ForgetStep3Page() {
  return (
    <RegisterFrame title="找回密码" current={2} steps={STEPS}>
      <Result
        status="success"
        title="密码重置成功"
        subTitle="请使用新密码重新登录，其他设备上的登录已全部退出。"
        extra={
          <Link to="/login">
            <Button type="primary">去登录</Button>
          </Link>
        }
      />
    </RegisterFrame>
  );
}
