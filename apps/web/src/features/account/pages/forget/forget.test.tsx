import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/router-harness';
import { asVisitor, fail, ok, stubServer } from '../../testing/server';

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

const open = (path: string) => {
  harness = renderRoutes(path, { pages: (name) => name.startsWith('forget_') || name === 'login' });
};

describe('/forget', () => {
  it('verifies the mobile, sets a new password with the ticket, and links to login', async () => {
    const server = stubServer({
      ...asVisitor,
      'POST /api/user/create_code': ok({ mobile: '13800000001', resend_after: 60, expires_in: 300 }),
      'POST /api/user/forget/verify': ok({
        reset_token: 'ticket-1',
        expires_in: 900,
        stores: [{ id: 7, username: 'demo', company: '杭州康宁大药房有限公司' }],
      }),
      'POST /api/user/resetPassword': ok(null, '密码已重置，请重新登录'),
    });
    const user = userEvent.setup();
    open('/forget');
    await user.type(await screen.findByLabelText('手机号码', {}, { timeout: 10_000 }), '13800000001');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(server.bodies('POST /api/user/create_code')).toEqual([
        { mobile: '13800000001', scene: 'reset' },
      ]),
    );
    await user.type(screen.getByLabelText('短信验证码'), '654321');
    await user.click(screen.getByRole('button', { name: '下一步' }));

    await waitFor(() => expect(harness!.router.state.location.pathname).toBe('/forget/step2'), {
      timeout: 5000,
    });
    expect(server.bodies('POST /api/user/forget/verify')).toEqual([
      { mobile: '13800000001', code: '654321' },
    ]);
    expect(
      await screen.findByText(/新密码将用于该手机号下的全部门店：杭州康宁大药房有限公司/),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('新密码'), 'short');
    await user.type(screen.getByLabelText('确认新密码'), 'other');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('密码至少8位')).toBeInTheDocument();
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(server.calls('POST /api/user/resetPassword')).toHaveLength(0);

    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'newpass123');
    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'newpass123');
    await user.click(screen.getByRole('button', { name: '确认修改' }));

    await waitFor(() => expect(harness!.router.state.location.pathname).toBe('/forget/step3'), {
      timeout: 5000,
    });
    expect(server.bodies('POST /api/user/resetPassword')).toEqual([
      { password: 'newpass123', reset_token: 'ticket-1' },
    ]);
    expect(await screen.findByText('密码重置成功', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去登录' })).toHaveAttribute('href', '/login');
  });

  it('shows a wrong code in the alert and stays on step 1', async () => {
    stubServer({ ...asVisitor, 'POST /api/user/forget/verify': fail(400, '验证码错误') });
    const user = userEvent.setup();
    open('/forget/step1');
    await user.type(await screen.findByLabelText('手机号码', {}, { timeout: 10_000 }), '13800000001');
    await user.type(screen.getByLabelText('短信验证码'), '000000');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    expect(harness!.router.state.location.pathname).toBe('/forget/step1');
  });
});
