import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, type FetchCall } from '../../../test/fetch-stub';
import type { Replies } from '../../../layout/testing/render';
import { asMember, renderPages } from '../../../test/render-pages';
import { payPage } from '../testing/fixtures';
import { HmPayPage, PayPage } from './PayPage';

const SLOW = { timeout: 5000 };
const ROUTES = [
  { path: '/cart/step3/:id', element: <PayPage /> },
  { path: '/cart/hm', element: <HmPayPage /> },
];
const form = (call: FetchCall) => new URLSearchParams(call.body);
const RESULT = { order_id: 88, payment_no: 'P1', pay_url: '', bank: null, reference: '' };

const SECURITY = {
  is_set: 1,
  locked: 0,
  locked_until: '',
  tries_left: 5,
  sms_above: null as string | null,
  phone: '138****8000',
  shelf_months: 0,
};

function renderPay(path: string, replies: Replies) {
  const view = renderPages(ROUTES, path, asMember({ '/api/user/pay_password': ok(SECURITY), ...replies }));
  const pays = () => view.calls.filter((c) => c.path === '/api/order/88/pay' && c.method === 'POST');
  return { ...view, pays };
}
const payButton = (name: RegExp | string) => screen.findByRole('button', { name }, SLOW);
/** The 余额支付 confirmation: the payment password, then its own 确认支付. */
async function confirmBalance(password = '246810') {
  const dialog = await screen.findByRole('dialog', { name: '确认余额支付' }, SLOW);
  await userEvent.type(await within(dialog).findByLabelText('支付密码', {}, SLOW), password);
  await userEvent.click(within(dialog).getByRole('button', { name: '确认支付' }));
  return dialog;
}

describe('/cart/step3/:id 支付订单', () => {
  it('shows the order, the time left and pays by balance, then goes to step 4', async () => {
    const { pays } = renderPay('/cart/step3/88', {
      '/api/order/88/pay': (c) => (c.method === 'GET' ? ok(payPage()) : ok({ ...RESULT, status: 'paid' })),
    });
    expect(await screen.findByText('KC202405010001', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('应付金额')).toHaveTextContent('¥429.32');
    expect(screen.getByRole('timer', { name: '剩余支付时间' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /余额支付/ })).toBeChecked();
    expect(screen.getByText('可用余额 ¥1000.00')).toBeInTheDocument();
    await userEvent.click(await payButton('确认支付'));
    // Nothing is paid before the confirmation with the payment password.
    expect(pays()).toHaveLength(0);
    await confirmBalance();
    expect(await screen.findByTestId('location', {}, SLOW)).toHaveTextContent('/cart/step4?id=88');
    expect(form(pays()[0]!).get('method')).toBe('balance');
    expect(form(pays()[0]!).get('pay_password')).toBe('246810');
    expect(form(pays()[0]!).has('sms_code')).toBe(false);
    expect(form(pays()[0]!).has('purchaser_name')).toBe(false);
  });

  it('sends a buyer without a payment password to 支付安全 and pays nothing', async () => {
    const { pays } = renderPay('/cart/step3/88', {
      '/api/order/88/pay': ok(payPage()),
      '/api/user/pay_password': ok({ ...SECURITY, is_set: 0 }),
    });
    await userEvent.click(await payButton('确认支付'));
    const dialog = await screen.findByRole('dialog', { name: '确认余额支付' }, SLOW);
    expect(
      await within(dialog).findByText('您还没有设置支付密码，余额支付前请先设置', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '去设置' })).toHaveAttribute('href', '/zfaq');
    expect(within(dialog).getByRole('button', { name: '确认支付' })).toBeDisabled();
    expect(pays()).toHaveLength(0);
  });

  it('asks for an SMS code above the amount the member set, and sends it', async () => {
    const { pays, calls } = renderPay('/cart/step3/88', {
      '/api/order/88/pay': (c) => (c.method === 'GET' ? ok(payPage()) : ok({ ...RESULT, status: 'paid' })),
      '/api/user/pay_password': ok({ ...SECURITY, sms_above: '100.00' }),
      '/api/user/pay_password/code': ok({ mobile: '138****8000', resend_after: 60 }),
    });
    await userEvent.click(await payButton('确认支付'));
    const dialog = await screen.findByRole('dialog', { name: '确认余额支付' }, SLOW);
    expect(
      await within(dialog).findByText(/单笔超过 ¥100.00 需验证，发送至 138\*\*\*\*8000/, {}, SLOW),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/pay_password/code')).toBe(true));
    await userEvent.type(within(dialog).getByLabelText('短信验证码'), '123456');
    await confirmBalance();
    expect(await screen.findByTestId('location', {}, SLOW)).toHaveTextContent('/cart/step4?id=88');
    expect(form(pays()[0]!).get('sms_code')).toBe('123456');
  });

  it('disables 余额支付 with the reason when the balance is short', async () => {
    const short = payPage({
      balance: '100.00',
      methods: [
        { method: 'balance', label: '余额支付', enabled: 0, reason: '余额不足，还差¥329.32' },
        { method: 'offline', label: '对公转账', enabled: 1, reason: '' },
        { method: 'online', label: '在线支付', enabled: 1, reason: '' },
      ],
    });
    renderPay('/cart/step3/88', { '/api/order/88/pay': ok(short) });
    const balance = await screen.findByRole('radio', { name: /余额支付/ }, SLOW);
    expect(balance).toBeDisabled();
    expect(screen.getByText('余额不足，还差¥329.32')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /对公转账/ })).toBeChecked();
  });

  it('shows the bank account for a transfer, then the reference to write on it', async () => {
    const result = { ...RESULT, status: 'awaiting_transfer', bank: payPage().bank, reference: 'KC0001-88' };
    const { pays } = renderPay('/cart/step3/88', {
      '/api/order/88/pay': (c) => (c.method === 'GET' ? ok(payPage()) : ok(result)),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /对公转账/ }, SLOW));
    const account = screen.getByRole('region', { name: '对公转账信息' });
    expect(account).toHaveTextContent('中国工商银行杭州分行');
    expect(account).toHaveTextContent('1202 0000 1234 5678');
    expect(account).toHaveTextContent('杭州康城医药有限公司');
    await userEvent.click(await payButton('确认使用对公转账'));
    expect(await screen.findByText('转账时请在备注中填写：KC0001-88', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('财务确认收到款项后，订单将安排发货。')).toBeInTheDocument();
    expect(form(pays()[0]!).get('method')).toBe('offline');
  });

  it('sends an online payment to the gateway page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPay('/cart/step3/88', {
      '/api/order/88/pay': (c) =>
        c.method === 'GET'
          ? ok(payPage())
          : ok({ ...RESULT, status: 'pending', pay_url: '/api/pay/simulator/P1' }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /在线支付/ }, SLOW));
    await userEvent.click(await payButton('去在线支付'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/pay/simulator/P1'));
  });

  it('sends a 含麻 order to /cart/hm', async () => {
    const { router } = renderPay('/cart/step3/88', {
      '/api/order/88/pay': ok(payPage({ is_hm: 1, hm_identity_required: 1 })),
    });
    expect(await screen.findByRole('form', { name: '购买人身份信息' }, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/cart/hm?id=88');
  });

  it('rests the countdown at zeros when the time is up, and stops paying', async () => {
    renderPay('/cart/step3/88', { '/api/order/88/pay': ok(payPage({ expires_at: '2020-01-01 00:00:00' })) });
    expect(await screen.findByRole('timer', { name: '剩余支付时间' }, SLOW)).toHaveTextContent('00:00');
    expect(await screen.findByText('订单已超时，请重新下单')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确认支付' })).toBeDisabled();
  });

  it('says so when the order is no longer waiting for payment', async () => {
    renderPay('/cart/step3/88', { '/api/order/88/pay': ok(payPage({ status: 4, status_text: '已取消' })) });
    expect(await screen.findByText('订单已取消', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认支付' })).not.toBeInTheDocument();
  });
});

describe('/cart/hm 含麻 支付订单', () => {
  const hm = payPage({ is_hm: 1, hm_identity_required: 1 });

  it('requires the purchaser identity before paying, and sends it with the payment', async () => {
    const { pays } = renderPay('/cart/hm?id=88', {
      '/api/order/88/pay': (c) => (c.method === 'GET' ? ok(hm) : ok({ ...RESULT, status: 'paid' })),
    });
    expect(await screen.findByText(/购买含麻黄碱类复方制剂须登记购买人/, {}, SLOW)).toBeInTheDocument();
    await userEvent.click(await payButton('确认支付'));
    expect(await screen.findByText('请填写购买人姓名', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('请填写正确的18位身份证号')).toBeInTheDocument();
    expect(pays()).toHaveLength(0);

    const identity = screen.getByRole('form', { name: '购买人身份信息' });
    await userEvent.type(within(identity).getByLabelText('购买人姓名'), '张三');
    await userEvent.type(within(identity).getByLabelText('身份证号'), '33010219900101123x');
    await userEvent.type(within(identity).getByLabelText('手机号码'), '13800000001');
    await userEvent.click(screen.getByRole('button', { name: '确认支付' }));
    await confirmBalance();
    expect(await screen.findByTestId('location', {}, SLOW)).toHaveTextContent('/cart/step4?id=88');
    const body = form(pays()[0]!);
    expect(body.get('purchaser_name')).toBe('张三');
    expect(body.get('purchaser_id_no')).toBe('33010219900101123x');
    expect(body.get('purchaser_phone')).toBe('13800000001');
  });

  it('shows the refusal of the server and lets the buyer try again', async () => {
    const { pays } = renderPay('/cart/hm?id=88', {
      '/api/order/88/pay': (c) => (c.method === 'GET' ? ok(hm) : fail(400, '余额不足，请选择其他支付方式')),
    });
    const identity = await screen.findByRole('form', { name: '购买人身份信息' }, SLOW);
    await userEvent.type(within(identity).getByLabelText('购买人姓名'), '张三');
    await userEvent.type(within(identity).getByLabelText('身份证号'), '330102199001011234');
    await userEvent.type(within(identity).getByLabelText('手机号码'), '13800000001');
    await userEvent.click(screen.getByRole('button', { name: '确认支付' }));
    const dialog = await confirmBalance();
    expect(await screen.findByText('余额不足，请选择其他支付方式', {}, SLOW)).toBeInTheDocument();
    expect(pays()).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: '确认支付' })).toBeEnabled();
  });
});
