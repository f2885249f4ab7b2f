import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, type FetchCall } from '../../../test/fetch-stub';
import { asMember, renderPages } from '../../../test/render-pages';
import { PaySecurityPage } from './PaySecurityPage';

const SLOW = { timeout: 5000 };
const VIEW = {
  is_set: 1,
  locked: 1,
  locked_until: '2026-11-28T06:00:00.000Z',
  tries_left: 0,
  sms_above: null,
  phone: '138****8000',
  shelf_months: 0,
};
const form = (call: FetchCall) => new URLSearchParams(call.body);
const fill = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('/zfaq 支付安全', () => {
  it('resets a locked payment password with the SMS code and shows it unlocked', async () => {
    let view = VIEW;
    const { calls } = renderPages(
      [{ path: '/zfaq', element: <PaySecurityPage /> }],
      '/zfaq',
      asMember({
        '/api/user/pay_password': (c) => {
          if (c.method === 'GET') return ok(view);
          view = { ...view, locked: 0, locked_until: '', tries_left: 5 };
          return ok(view);
        },
        '/api/user/pay_password/code': ok({ mobile: '138****8000', resend_after: 60 }),
      }),
    );
    expect(await screen.findByText(/支付密码错误次数过多，已锁定至14:00/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('已锁定')).toBeInTheDocument();
    const card = screen
      .getByText('重置支付密码', { selector: '.ant-card-head-title' })
      .closest('.ant-card') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/pay_password/code')).toBe(true));
    fill(within(card).getByLabelText('短信验证码'), '123456');
    fill(within(card).getByLabelText('新支付密码'), '123456');
    fill(within(card).getByLabelText('确认支付密码'), '123456');
    await userEvent.click(within(card).getByRole('button', { name: '重置支付密码' }));
    // The shared rule refuses an easy password before anything is sent.
    expect(await within(card).findByText('支付密码过于简单，请勿使用相同或连续的数字')).toBeInTheDocument();
    fill(within(card).getByLabelText('新支付密码'), '135792');
    fill(within(card).getByLabelText('确认支付密码'), '135790');
    await userEvent.click(within(card).getByRole('button', { name: '重置支付密码' }));
    expect(await within(card).findByText('两次输入的支付密码不一致')).toBeInTheDocument();
    fill(within(card).getByLabelText('确认支付密码'), '135792');
    await userEvent.click(within(card).getByRole('button', { name: '重置支付密码' }));
    expect(await screen.findByText('支付密码设置成功', {}, SLOW)).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/api/user/pay_password' && c.method === 'POST')!;
    expect(Object.fromEntries(form(sent))).toEqual({ code: '123456', password: '135792', confirm: '135792' });
    await waitFor(() => expect(screen.queryByText('已锁定')).not.toBeInTheDocument());
  });

  it('saves the shelf-life floor', async () => {
    const { calls } = renderPages(
      [{ path: '/zfaq', element: <PaySecurityPage /> }],
      '/zfaq',
      asMember({
        '/api/user/pay_password': ok({ ...VIEW, locked: 0 }),
        '/api/user/shelf_floor': (c) =>
          ok({ ...VIEW, locked: 0, shelf_months: Number(form(c).get('months')) }),
      }),
    );
    await userEvent.click(await screen.findByRole('combobox', { name: '最短剩余效期' }, SLOW));
    await userEvent.click(await screen.findByTitle('不少于12个月'));
    expect(await screen.findByText('效期要求已保存', {}, SLOW)).toBeInTheDocument();
    expect(form(calls.find((c) => c.path === '/api/user/shelf_floor')!).get('months')).toBe('12');
  });

  it('shows the refusal of a wrong password when saving the SMS amount', async () => {
    renderPages(
      [{ path: '/zfaq', element: <PaySecurityPage /> }],
      '/zfaq',
      asMember({
        '/api/user/pay_password': (c) =>
          c.method === 'GET' ? ok({ ...VIEW, locked: 0 }) : ok({ ...VIEW, locked: 0 }),
        '/api/user/pay_password/sms_above': fail(400, '支付密码错误，还可尝试4次'),
      }),
    );
    const card = (await screen.findByText('大额支付短信验证', {}, SLOW)).closest('.ant-card') as HTMLElement;
    fill(within(card).getByLabelText('超过金额'), '500');
    fill(within(card).getByLabelText('支付密码'), '000001');
    await userEvent.click(within(card).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('支付密码错误，还可尝试4次', {}, SLOW)).toBeInTheDocument();
  });
});
