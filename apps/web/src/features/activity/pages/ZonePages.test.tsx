import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type FetchCall } from '../../../test/fetch-stub';
import { asMember, renderPages } from '../../../test/render-pages';
import { HOUR, SERVER_NOW, notStarted, special, summary, view } from '../testing/fixtures';
import { HdzxPage, YjhPage } from './ZonePages';

/** The first render of a lazy page's modules may be slow on a cold start. */
const SLOW = { timeout: 10_000 };

const ROUTES = [
  { path: '/yjh/:id?', element: <YjhPage /> },
  { path: '/Hdzx/:ids/:id?', element: <HdzxPage /> },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SERVER_NOW * 1000);
});
afterEach(() => vi.useRealTimers());

const TABS = [
  summary(1, '春季专场'),
  summary(2, '秋季预售', { status: 0, status_text: '未开始', start_time: SERVER_NOW + 2 * HOUR }),
];
/** The activity of `?id=` (or of `?url=`: the first). */
const byId = (call: FetchCall) => {
  const id = Number(call.query.get('id') ?? 1);
  if (id === 1) return ok(view({ id: 1, name: '春季专场', kind: 'template', tiers: [] }));
  if (id === 2) return ok(notStarted({ id: 2, name: '秋季预售', kind: 'template', tiers: [] }));
  return fail(404, '活动暂未开始', 404);
};

describe('/Hdzx/:ids/:id? 活动中心', () => {
  it('shows the activities as tabs, the first one open; a tab counts a tap and opens its activity', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPages(
      ROUTES,
      '/Hdzx/1,2',
      asMember({
        '/api/activity/list': ok(TABS),
        '/api/activity/info': byId,
        '/api/activity/tap': ok({ taps: 3 }),
      }),
    );
    expect(await screen.findByRole('heading', { name: '春季专场' }, SLOW)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/activity/list')!.query.get('ids')).toBe('1,2');
    expect(screen.getByText('活动进行中')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '秋季预售（未开始）' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Hdzx/1,2/2'));
    expect(await screen.findByText('活动未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '距开始' })).toHaveTextContent('02:00:00');
    const taps = calls.filter((c) => c.path === '/api/activity/tap');
    expect(taps.map((c) => c.body)).toEqual(['id=2']);
  });

  it('opens the activity of the path’s id', async () => {
    const { calls } = renderPages(
      ROUTES,
      '/Hdzx/1,2/2',
      asMember({ '/api/activity/list': ok(TABS), '/api/activity/info': byId }),
    );
    expect(await screen.findByText('活动未开始', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/activity/info')!.query.get('id')).toBe('2');
  });

  it('says 活动暂未开始 when none of the ids is on', async () => {
    renderPages(ROUTES, '/Hdzx/7,8', asMember({ '/api/activity/list': ok([]), '/api/activity/info': byId }));
    expect(await screen.findByText('活动暂未开始', {}, SLOW)).toBeInTheDocument();
  });
});

describe('/yjh/:id? 活动专区', () => {
  it('without an id opens the activity running on /yjh', async () => {
    const { calls } = renderPages(
      ROUTES,
      '/yjh',
      asMember({ '/api/activity/list': ok([TABS[0]!]), '/api/activity/info': byId }),
    );
    expect(await screen.findByRole('heading', { name: '春季专场' }, SLOW)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/activity/info')!.query.get('url')).toBe('/yjh');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('with an id opens that one, the zone’s others as tabs', async () => {
    renderPages(ROUTES, '/yjh/2', asMember({ '/api/activity/list': ok(TABS), '/api/activity/info': byId }));
    expect(await screen.findByText('活动未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '秋季预售（未开始）', selected: true })).toBeInTheDocument();
  });

  it('lists a flash sale’s items at the activity price with the limit', async () => {
    const flash = view({
      id: 3,
      kind: 'flash',
      kind_text: '限时秒杀',
      name: '午间秒杀',
      tiers: [],
      sections: [],
      items: [special(51, '蒙脱石散', { activity_price: '9.90', limit: 2 })],
    });
    renderPages(
      ROUTES,
      '/yjh/3',
      asMember({ '/api/activity/list': ok([]), '/api/activity/info': ok(flash) }),
    );
    const section = await screen.findByRole('region', { name: '限时秒杀商品' }, SLOW);
    expect(within(section).getByLabelText('活动价')).toHaveTextContent('¥9.90');
    expect(within(section).getByLabelText('原价')).toHaveTextContent('¥20.00');
    expect(within(section).getByText('限购2件')).toBeInTheDocument();
  });

  it('says 活动暂未开始 for an unknown activity', async () => {
    renderPages(ROUTES, '/yjh/99', asMember({ '/api/activity/list': ok([]), '/api/activity/info': byId }));
    expect(await screen.findByText('活动暂未开始', {}, SLOW)).toBeInTheDocument();
  });
});
