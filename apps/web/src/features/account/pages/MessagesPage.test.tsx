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
      'GET /api/user/message/unread': () => ok({ count: unread() }),
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
});
