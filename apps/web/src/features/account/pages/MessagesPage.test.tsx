import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageView } from '@kc/domain';
import { renderRoutes } from '../../../test/router-harness';
import { MEMBER, ok, stubServer } from '../testing/server';

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

describe('/wdxx', () => {
  it('reading a message marks it read and refreshes the unread count the toolbar badge shows', async () => {
    let list: MessageView[] = [
      {
        id: 1,
        kind: 'review',
        title: '资质审核通过',
        content: '恭喜，您的资质已审核通过。',
        is_read: 0,
        created_at: '2026-11-23T02:00:00Z',
      },
      {
        id: 2,
        kind: 'system',
        title: '系统维护通知',
        content: '今晚22点维护。',
        is_read: 1,
        created_at: '2026-11-22T02:00:00Z',
      },
    ];
    const unread = () => list.filter((m) => m.is_read === 0).length;
    const server = stubServer({
      'GET /api/user/base': () => ok({ ...MEMBER, message_count: unread() }),
      'GET /api/user/message': () => ok({ list, total: list.length, page: 1, page_size: 10, total_page: 1 }),
      'GET /api/user/message/unread': () =>
        ok({ count: unread(), by_kind: { order: 0, coupon: 0, service: 0, review: unread(), system: 0 } }),
      'POST /api/user/message/read': (_c, body) => {
        const ids = (body.ids as string[]).map(Number);
        list = list.map((m) => (ids.includes(m.id) ? { ...m, is_read: 1 } : m));
        return ok({ count: ids.length });
      },
    });
    const user = userEvent.setup();
    harness = renderRoutes('/wdxx', { pages: (name) => name === 'zhzx_wdxx' });
    expect(await screen.findByText('未读（1）', {}, { timeout: 10_000 })).toBeInTheDocument();
    const profileCalls = server.calls('GET /api/user/base').length;

    await user.click(screen.getByText('资质审核通过'));
    await waitFor(() => expect(screen.getByText('未读（0）')).toBeInTheDocument());
    expect(server.bodies('POST /api/user/message/read')).toEqual([{ ids: ['1'] }]);
    // The profile (message_count → the right toolbar's badge) is read again.
    await waitFor(() => expect(server.calls('GET /api/user/base').length).toBeGreaterThan(profileCalls));
    expect(screen.getByRole('button', { name: /全部标为已读/ })).toBeDisabled();
  });

  it('filters by kind with unread counts on the tabs, and turns a kind off in 消息设置', async () => {
    const list: MessageView[] = [
      {
        id: 5,
        kind: 'order',
        title: '订单支付成功',
        content: '已付款',
        is_read: 0,
        created_at: '2026-11-23T02:00:00Z',
      },
      {
        id: 6,
        kind: 'coupon',
        title: '优惠券即将过期',
        content: '3张',
        is_read: 0,
        created_at: '2026-11-22T02:00:00Z',
      },
    ];
    let muted: string[] = [];
    const settings = () =>
      ok({
        kinds: (['order', 'coupon', 'service', 'review', 'system'] as const).map((kind) => ({
          kind,
          label: {
            order: '订单与售后',
            coupon: '优惠券',
            service: '求购与反馈',
            review: '资质与证照',
            system: '系统通知',
          }[kind],
          enabled: muted.includes(kind) ? 0 : 1,
          required: kind === 'review' || kind === 'system' ? 1 : 0,
        })),
      });
    const server = stubServer({
      'GET /api/user/base': () => ok({ ...MEMBER, message_count: 2 }),
      'GET /api/user/message': (c) => {
        const kind = c.query.get('kind');
        const shown = kind ? list.filter((m) => m.kind === kind) : list;
        return ok({ list: shown, total: shown.length, page: 1, page_size: 10, total_page: 1 });
      },
      'GET /api/user/message/unread': () =>
        ok({ count: 2, by_kind: { order: 1, coupon: 1, service: 0, review: 0, system: 0 } }),
      'GET /api/user/message/settings': settings,
      'POST /api/user/message/settings': (_c, body) => {
        muted = String(body.muted).split(',').filter(Boolean);
        return settings();
      },
    });
    const user = userEvent.setup();
    harness = renderRoutes('/wdxx', { pages: (name) => name === 'zhzx_wdxx' });
    expect(await screen.findByText('优惠券即将过期', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /订单与售后/ }));
    await waitFor(() => expect(screen.queryByText('优惠券即将过期')).not.toBeInTheDocument());
    expect(screen.getByText('订单支付成功')).toBeInTheDocument();
    expect(server.calls('GET /api/user/message').at(-1)?.query.get('kind')).toBe('order');

    await user.click(screen.getByRole('button', { name: '消息设置' }));
    const coupon = await screen.findByRole('switch', { name: '接收优惠券消息' });
    expect(screen.getByRole('switch', { name: '接收资质与证照消息' })).toBeDisabled();
    await user.click(coupon);
    await waitFor(() =>
      expect(server.bodies('POST /api/user/message/settings')).toEqual([{ muted: 'coupon' }]),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: '接收优惠券消息' })).not.toBeChecked());
  });
});
