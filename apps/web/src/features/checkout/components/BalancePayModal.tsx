import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Descriptions, Form, Input, Modal, Space } from 'antd';
import { yuanToFen } from '@kc/domain';
import { paySecurityQuery, sendPayCode } from '../../../shared/member/pay-security';

export interface BalanceAuth {
  pay_password: string;
  sms_code?: string;
}

interface Props {
  open: boolean;
  payable: string;
  balance: string;
  paying: boolean;
  onCancel: () => void;
  onConfirm: (auth: BalanceAuth) => void;
}

function CodeButton() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <Button
      disabled={left > 0}
      style={{ width: 120 }}
      onClick={() => {
        sendPayCode('pay').then(
          () => setLeft(60),
          () => undefined,
        );
      }}
    >
      {left > 0 ? `${left}秒后重发` : '获取验证码'}
    </Button>
  );
}

/**
 * 余额支付的确认 (issue 17 item 5): the amount and the balance, the 6-digit payment password
 * and, above the member's amount, an SMS code to its own mobile. Without a payment password
 * the buyer is sent to 支付安全 (/zfaq) to set one; the server refuses the payment anyway.
 */
export function BalancePayModal({ open, payable, balance, paying, onCancel, onConfirm }: Props) {
  const security = useQuery({ ...paySecurityQuery, enabled: open, staleTime: 0 });
  const [form] = Form.useForm<BalanceAuth>();
  const v = security.data;
  const needCode = !!v && v.sms_above !== null && yuanToFen(payable) > yuanToFen(v.sms_above);
  const blocked = !v || v.is_set === 0 || v.locked === 1;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title="确认余额支付"
      okText="确认支付"
      cancelText="取消"
      onCancel={onCancel}
      okButtonProps={{ disabled: blocked, loading: paying }}
      onOk={() => {
        form.validateFields().then(onConfirm, () => undefined);
      }}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label="支付金额">
          <b style={{ color: '#e4393c', fontSize: 18 }}>¥{payable}</b>
        </Descriptions.Item>
        <Descriptions.Item label="可用余额">¥{balance}</Descriptions.Item>
      </Descriptions>
      {v && v.is_set === 0 && (
        <Alert
          type="warning"
          showIcon
          title="您还没有设置支付密码，余额支付前请先设置"
          action={<Link to="/zfaq">去设置</Link>}
        />
      )}
      {v && v.locked === 1 && (
        <Alert
          type="error"
          showIcon
          title="支付密码错误次数过多，已锁定；可通过短信验证码重置支付密码"
          action={<Link to="/zfaq">去重置</Link>}
        />
      )}
      {v && !blocked && (
        <Form<BalanceAuth> form={form} name="balance_pay" layout="vertical" requiredMark={false}>
          <Form.Item
            label="支付密码"
            name="pay_password"
            rules={[{ pattern: /^\d{6}$/, required: true, message: '请输入6位数字支付密码' }]}
            extra={
              <span>
                忘记支付密码？<Link to="/zfaq">通过短信验证码重置</Link>
              </span>
            }
          >
            <Input.Password
              maxLength={6}
              inputMode="numeric"
              autoComplete="off"
              aria-label="支付密码"
              autoFocus
            />
          </Form.Item>
          {needCode && (
            <Form.Item label={`短信验证码（单笔超过 ¥${v.sms_above} 需验证，发送至 ${v.phone}）`} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="sms_code"
                  noStyle
                  rules={[{ pattern: /^\d{6}$/, required: true, message: '请输入6位短信验证码' }]}
                >
                  <Input maxLength={6} aria-label="短信验证码" />
                </Form.Item>
                <CodeButton />
              </Space.Compact>
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
