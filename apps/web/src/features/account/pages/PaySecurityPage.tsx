import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Select, Space, Tag } from 'antd';
import {
  SHELF_FLOOR_MONTHS,
  chinaDateTime,
  payPasswordSchema,
  smsCodeSchema,
  type PaySecurityView,
} from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import { AccountShell } from '../../../shared/member/AccountShell';
import { SmsCodeButton } from '../components/SmsCodeButton';
import {
  PAY_SECURITY_KEY,
  paySecurityQuery,
  sendPayCode,
  setPayPassword,
  setShelfFloor,
  setSmsAbove,
} from '../../../shared/member/pay-security';

type PasswordForm = { code: string; password: string; confirm: string };

function PasswordCard({ view, onSaved }: { view: PaySecurityView; onSaved: (v: PaySecurityView) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const save = useMutation({
    mutationFn: setPayPassword,
    onSuccess: (v) => {
      form.resetFields();
      onSaved(v);
      void message.success('支付密码设置成功');
    },
  });
  const title = view.is_set ? '重置支付密码' : '设置支付密码';
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      {view.locked === 1 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`支付密码错误次数过多，已锁定至${chinaDateTime(view.locked_until).slice(11, 16)}；通过短信验证码重置后即可解锁`}
        />
      )}
      <Form<PasswordForm>
        form={form}
        name="pay_password"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 10 }}
        requiredMark={false}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item label="手机号码">
          <span>{view.phone}</span>
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" rules={[zodRule(smsCodeSchema, '短信验证码')]} noStyle>
              <Input maxLength={6} aria-label="短信验证码" />
            </Form.Item>
            <SmsCodeButton
              onSend={async () => {
                await sendPayCode('pay_password');
                return true;
              }}
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          label="新支付密码"
          name="password"
          rules={[zodRule(payPasswordSchema, '支付密码')]}
          extra="6位数字，用于余额支付"
        >
          <Input.Password
            maxLength={6}
            inputMode="numeric"
            autoComplete="new-password"
            aria-label="新支付密码"
          />
        </Form.Item>
        <Form.Item
          label="确认支付密码"
          name="confirm"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: unknown) => {
                if (v !== getFieldValue('password')) throw new Error('两次输入的支付密码不一致');
              },
            }),
          ]}
        >
          <Input.Password
            maxLength={6}
            inputMode="numeric"
            autoComplete="new-password"
            aria-label="确认支付密码"
          />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5, span: 10 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {title}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

function SmsAboveCard({ view, onSaved }: { view: PaySecurityView; onSaved: (v: PaySecurityView) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: string; pay_password: string }>();
  const save = useMutation({
    mutationFn: setSmsAbove,
    onSuccess: (v) => {
      form.setFieldValue('pay_password', '');
      onSaved(v);
      void message.success('已保存');
    },
  });
  return (
    <Card size="small" title="大额支付短信验证" style={{ marginBottom: 16 }}>
      <p>
        当前：
        {view.sms_above === null ? (
          <Tag>未开启</Tag>
        ) : (
          <Tag color="orange">单笔余额支付超过 ¥{view.sms_above} 时需短信验证码</Tag>
        )}
      </p>
      <Form
        form={form}
        name="sms_above"
        layout="inline"
        disabled={view.is_set === 0}
        initialValues={{ amount: view.sms_above ?? '' }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item label="超过金额（元）" name="amount" extra="留空表示不需要短信验证">
          <Input style={{ width: 140 }} aria-label="超过金额" />
        </Form.Item>
        <Form.Item name="pay_password" rules={[{ required: true, message: '请输入支付密码' }]}>
          <Input.Password maxLength={6} placeholder="支付密码" aria-label="支付密码" style={{ width: 140 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}

function ShelfCard({ view, onSaved }: { view: PaySecurityView; onSaved: (v: PaySecurityView) => void }) {
  const { message } = App.useApp();
  const save = useMutation({
    mutationFn: setShelfFloor,
    onSuccess: (v) => {
      onSaved(v);
      void message.success('效期要求已保存');
    },
  });
  return (
    <Card size="small" title="效期要求">
      <p>只接受剩余效期不少于所选月数的批号：不满足的商品在购物车和结算页标出，下单只分配满足要求的批号。</p>
      <Space>
        <span>最短剩余效期</span>
        <Select<number>
          aria-label="最短剩余效期"
          style={{ width: 160 }}
          value={view.shelf_months}
          loading={save.isPending}
          onChange={(m) => save.mutate(m)}
          options={SHELF_FLOOR_MONTHS.map((m) => ({ value: m, label: m === 0 ? '不限' : `不少于${m}个月` }))}
        />
      </Space>
    </Card>
  );
}

/** 支付安全 (/zfaq): the payment password, the SMS-code amount and the shelf-life floor. */
export function PaySecurityPage() {
  const client = useQueryClient();
  const q = useQuery(paySecurityQuery);
  const onSaved = (v: PaySecurityView) => {
    client.setQueryData(PAY_SECURITY_KEY, v);
    void client.invalidateQueries({ queryKey: PAY_SECURITY_KEY });
  };
  return (
    <AccountShell title="支付安全">
      {q.data && (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="支付密码">
              {q.data.is_set ? <Tag color="green">已设置</Tag> : <Tag color="red">未设置</Tag>}
              {q.data.locked === 1 && <Tag color="red">已锁定</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="验证手机">{q.data.phone}</Descriptions.Item>
          </Descriptions>
          <PasswordCard view={q.data} onSaved={onSaved} />
          <SmsAboveCard view={q.data} onSaved={onSaved} />
          <ShelfCard view={q.data} onSaved={onSaved} />
        </>
      )}
    </AccountShell>
  );
}
