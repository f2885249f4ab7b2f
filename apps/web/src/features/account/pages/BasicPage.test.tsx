import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/router-harness';
import { MEMBER, ok, stubServer } from '../testing/server';

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

describe('/basic', () => {
  it('a new phone needs an SMS code sent to the new number', async () => {
    const server = stubServer({
      'GET /api/user/base': ok(MEMBER),
      'POST /api/user/create_code': ok({ mobile: '13911112222', resend_after: 60, expires_in: 300 }),
      'POST /api/user/updateUserInfo': (_c, body) => ok({ ...MEMBER, ...body }),
    });
    const user = userEvent.setup();
    harness = renderRoutes('/basic', { pages: (name) => name === 'jcxx_index' });
    const phone = await screen.findByLabelText('手机号码', {}, { timeout: 10_000 });
    expect(phone).toHaveValue(MEMBER.phone);
    expect(screen.queryByLabelText('短信验证码')).not.toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '13911112222');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入6位短信验证码')).toBeInTheDocument();
    expect(server.calls('POST /api/user/updateUserInfo')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(server.bodies('POST /api/user/create_code')).toEqual([
        { mobile: '13911112222', scene: 'change_phone' },
      ]),
    );
    await user.type(screen.getByLabelText('短信验证码'), '112233');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(server.bodies('POST /api/user/updateUserInfo')).toEqual([
        { name: MEMBER.name, phone: '13911112222', code: '112233' },
      ]),
    );
  });
});
