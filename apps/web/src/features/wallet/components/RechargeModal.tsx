import { useRef } from 'react';
import { Button, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import {
  RECHARGE_PAY_TYPES,
  RECHARGE_QUICK_AMOUNTS,
  rechargeAmountSchema,
  type RechargePayType,
} from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useRecharge } from '../api/wallet';

interface Values {
  amount: string;
  pay_type: RechargePayType;
}

interface Props {
  onClose: () => void;
}

/**
 * 在线充值 (/yegl): an amount (1.00–50000.00, quick picks 500/1000/2000/5000) and the way to
 * pay, then the gateway's cashier, exactly as an order's online payment goes there. The
 * gateway brings the buyer back to /yegl, which shows the top-up's result. Mounted while open
 * (a fresh form each time).
 */
export function RechargeModal({ onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const recharge = useRecharge();
  const busy = useRef(false);
  const amount = Form.useWatch('amount', form);

  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const values = await form.validateFields().catch(() => null);
      if (!values) return;
      const result = await recharge.mutateAsync({ amount: values.amount.trim(), pay_type: values.pay_type });
      window.location.assign(result.pay_url);
    } catch {
      // The API client has shown why; the member may try again.
    } finally {
      busy.current = false;
    }
  };

  return (
    <Modal
      title="在线充值"
      open
      onCancel={onClose}
      okText="去支付"
      cancelText="取消"
      onOk={() => void submit()}
      okButtonProps={{ loading: recharge.isPending }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label="在线充值"
        initialValues={{ amount: '', pay_type: 'online' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="amount"
          label="充值金额"
          rules={[zodRule(rechargeAmountSchema, '充值金额')]}
          extra="单次充值1.00–50000.00元"
        >
          <Input prefix="¥" suffix="元" inputMode="decimal" placeholder="请输入充值金额" maxLength={12} />
        </Form.Item>
        <Space wrap style={{ marginBottom: 16 }}>
          {RECHARGE_QUICK_AMOUNTS.map((a) => (
            <Button
              key={a}
              type={amount === String(a) ? 'primary' : 'default'}
              onClick={() => {
                form.setFieldValue('amount', String(a));
                void form.validateFields(['amount']).catch(() => undefined);
              }}
            >
              {a}元
            </Button>
          ))}
        </Space>
        <Form.Item name="pay_type" label="支付方式">
          <Radio.Group aria-label="支付方式" name="pay_type">
            {(Object.keys(RECHARGE_PAY_TYPES) as RechargePayType[]).map((k) => (
              <Radio key={k} value={k}>
                {RECHARGE_PAY_TYPES[k]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary">
        支付完成后款项即时计入账户余额，并在余额明细中显示为“充值”。大额也可对公转账充值：将款项转入平台对公账户并在备注中填写您的会员账号，财务确认到账后入账。
      </Typography.Paragraph>
    </Modal>
  );
}
