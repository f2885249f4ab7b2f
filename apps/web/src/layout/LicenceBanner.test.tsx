import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../test/fetch-stub';
import { MEMBER } from './testing/fixtures';
import { defaultReplies, renderLayout } from './testing/render';

const ALERTS = {
  within_days: 60,
  list: [
    {
      type: 'drug_licence',
      type_name: '药品经营许可证',
      number: '浙AA5710362',
      valid_to: '2026-12-28',
      days_left: 30,
    },
    {
      type: 'hm_letter',
      type_name: '含麻药品采购委托书',
      number: 'HM-2026-0381',
      valid_to: '2027-01-20',
      days_left: 53,
    },
  ],
};

describe('licence-expiry banner', () => {
  it('lists the documents to renew on every page of a member, with the days left and the way to renew', async () => {
    renderLayout(
      '/',
      defaultReplies({ '/api/user/base': ok(MEMBER), '/api/user/licence_alerts': ok(ALERTS) }),
    );
    const banner = await screen.findByRole('alert', { name: '证件到期提醒' });
    expect(banner).toHaveTextContent(
      '证件到期提醒：药品经营许可证（浙AA5710362）还有30天到期（2026-12-28）；含麻药品采购委托书（HM-2026-0381）还有53天到期（2027-01-20）。到期后将无法下单，请尽快 上传新证件',
    );
    expect(within(banner).getByRole('link', { name: '上传新证件' })).toHaveAttribute('href', '/zzzj');
  });

  it('says when a document has expired', async () => {
    renderLayout(
      '/cart/step2',
      defaultReplies({
        '/api/user/base': ok(MEMBER),
        '/api/user/licence_alerts': ok({
          within_days: 60,
          list: [{ ...ALERTS.list[0], valid_to: '2026-11-20', days_left: -8 }],
        }),
      }),
    );
    expect(await screen.findByRole('alert', { name: '证件到期提醒' })).toHaveTextContent(
      '药品经营许可证（浙AA5710362）已于2026-11-20过期',
    );
  });

  it('shows nothing to a visitor and asks nothing for one', async () => {
    const { calls } = renderLayout('/', defaultReplies({ '/api/user/licence_alerts': ok(ALERTS) }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/base')).toBe(true));
    expect(screen.queryByRole('alert', { name: '证件到期提醒' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/licence_alerts')).toBe(false);
  });
});
