import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fetch-stub';
import { asMember, renderPages } from '../../../test/render-pages';
import { SERVER_NOW, notStarted, priced, view } from '../testing/fixtures';
import { YyhListPage, YyhPage } from './YyhPages';

/** The first render of a lazy page's modules may be slow on a cold start. */
const SLOW = { timeout: 10_000 };

const ROUTES = [
  { path: '/yyh', element: <YyhPage /> },
  { path: '/yyh/list', element: <YyhListPage /> },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SERVER_NOW * 1000);
});
afterEach(() => vi.useRealTimers());

const many = (from: number, n: number, name: string) =>
  Array.from({ length: n }, (_, i) => priced(from + i, `${name}${i + 1}`));
const hub = () =>
  view({
    id: 30,
    kind: 'template',
    kind_text: '专区/活动页',
    name: '优医汇·好医生',
    url: '/yyh',
    tiers: [],
    description: '',
    sections: [
      { title: '慢病用药', list: many(100, 12, '慢病药') },
      { title: '儿科用药', list: [priced(200, '小儿感冒颗粒'), priced(100, '慢病药1')] },
    ],
  });

describe('/yyh 优医汇', () => {
  it('shows each section’s first goods with 查看全部 to the full list', async () => {
    renderPages(ROUTES, '/yyh', asMember({ '/api/activity/info': ok(hub()) }));
    const chronic = await screen.findByRole('region', { name: '慢病用药' }, SLOW);
    expect(within(chronic).getAllByTestId('activity-goods')).toHaveLength(10);
    expect(within(chronic).getByRole('link', { name: '查看全部 >' })).toHaveAttribute(
      'href',
      '/yyh/list?section=0',
    );
    expect(
      within(screen.getByRole('region', { name: '儿科用药' })).queryByRole('link', { name: '查看全部 >' }),
    ).toBeNull();
  });

  it("tags a goods under the member's shelf-life floor, with why in its title", async () => {
    const why = '现有批号效期最长至2027-03-01，不足您设置的12个月效期要求，下单时无法分配';
    const short = {
      ...priced(200, '小儿感冒颗粒'),
      below_floor: { months: 12, latest: '2027-03-01', text: why },
    };
    const page = view({
      ...hub(),
      sections: [{ title: '儿科用药', list: [short, { ...priced(201, '小儿止咳糖浆'), below_floor: null }] }],
    });
    renderPages(ROUTES, '/yyh', asMember({ '/api/activity/info': ok(page) }));
    const kids = await screen.findByRole('region', { name: '儿科用药' }, SLOW);
    const [first, second] = within(kids).getAllByTestId('activity-goods');
    expect(within(first!).getByText('效期不足12个月')).toHaveAttribute('title', why);
    expect(within(second!).queryByText(/^效期不足/)).toBeNull();
  });

  it('before the start says 活动未开始 with the countdown; without one, 活动暂未开始', async () => {
    const first = renderPages(ROUTES, '/yyh', asMember({ '/api/activity/info': ok(notStarted(hub())) }));
    expect(await screen.findByText('活动未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '距开始' })).toHaveTextContent('02:00:00');
    first.unmount();
    renderPages(ROUTES, '/yyh', asMember({ '/api/activity/info': fail(404, '活动暂未开始', 404) }));
    expect(await screen.findByText('活动暂未开始', {}, SLOW)).toBeInTheDocument();
  });
});

describe('/yyh/list', () => {
  it('lists every goods of the hub once, or one section', async () => {
    const user = userEvent.setup();
    renderPages(ROUTES, '/yyh/list', asMember({ '/api/activity/info': ok(hub()) }));
    const all = await screen.findByRole('region', { name: '全部商品' }, SLOW);
    expect(within(all).getAllByTestId('activity-goods')).toHaveLength(13);
    await user.click(screen.getByRole('tab', { name: '儿科用药' }));
    const kids = await screen.findByRole('region', { name: '儿科用药' }, SLOW);
    expect(within(kids).getAllByTestId('activity-goods')).toHaveLength(2);
  });
});
