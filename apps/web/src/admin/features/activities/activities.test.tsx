import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityAdminRow, ActivityAdminView, ActivityReport, CombinationAdminView } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { ActivitiesPage } from './pages/ActivitiesPage';
import { ActivityReportPage } from './pages/ActivityReportPage';
import { CombinationsPage } from './pages/CombinationsPage';

const row = (over: Partial<ActivityAdminRow>): ActivityAdminRow => ({
  id: 1,
  kind: 'discount',
  kind_text: '全场折扣',
  name: '全场94折',
  url: '/welfare',
  start_time: '2026-11-24 00:00:00',
  end_time: '2026-12-24 00:00:00',
  status: 1,
  status_text: '进行中',
  enabled: 1,
  summary: '全场9.4折',
  orders: 12,
  ...over,
});
const LIST = [
  row({}),
  row({
    id: 2,
    kind: 'manjian',
    kind_text: '满减',
    name: '全场满500减20',
    url: '/hb',
    summary: '满500减20，满1000减50（全场）',
    status: 0,
    status_text: '未开始',
    orders: 0,
  }),
];
const view = (over: Partial<ActivityAdminView> = {}): ActivityAdminView => ({
  ...row({}),
  banner: '',
  description: '',
  goods: [],
  excluded_goods: [],
  tiers: [],
  rate_per_mille: 940,
  gift: null,
  items: [],
  sections: [],
  coupons: [],
  created_at: '2026-11-24 09:00:00',
  updated_at: '2026-11-24 09:00:00',
  ...over,
});
const ME = (permissions: string[]) => ({
  id: 1,
  username: 'admin',
  name: '平台运营',
  role: 'admin',
  role_label: '管理员',
  permissions,
});
const paged = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

function renderAt(page: React.ReactNode, path: string, reply: (call: FetchCall) => StubReply) {
  const stub = stubFetch(reply);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: page }], {
    initialEntries: [path.replace(':id', '1')],
  });
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return stub;
}
afterEach(() => vi.restoreAllMocks());
// No pause between keystrokes: the forms here are long.
const user = userEvent.setup({ delay: null });
/** Types a whole value at once (a paste): antd re-renders the form on every keystroke. */
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const bodyOf = (stub: { calls: FetchCall[] }, method: string) =>
  Object.fromEntries(new URLSearchParams(stub.calls.find((c) => c.method === method)!.body));

describe('activity routes', () => {
  it('put 活动管理 and 组合购 in the marketing menu for readers', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['activities', '活动管理', 'marketing.read', 'marketing'],
      ['activities/:id/report', '活动报表', 'marketing.read', undefined],
      ['combinations', '组合购', 'marketing.read', 'marketing'],
    ]);
  });
});

describe('活动管理', () => {
  const reply =
    (permissions: string[]) =>
    (call: FetchCall): StubReply => {
      if (call.path === '/api/admin/me') return ok(ME(permissions));
      if (call.path === '/api/admin/draws/coupon_options') return ok([{ id: 7, name: '专区满200减20' }]);
      if (call.method === 'GET') return paged(LIST);
      if (call.method === 'PUT') return ok(view({ enabled: 0, status: 2, status_text: '已停用' }), '已停用');
      return ok(view({ id: 3, name: '新活动' }), '已创建');
    };

  it('lists activities with their rules and state, filters by kind; readers get no write controls', async () => {
    const stub = renderAt(<ActivitiesPage />, '/', reply(['marketing.read']));
    expect(await screen.findByText('全场94折', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('满500减20，满1000减50（全场）')).toBeInTheDocument();
    expect(screen.getByText('进行中')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建活动' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '启用 全场94折' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: '活动类型' }));
    await user.click(await screen.findByTitle('满返'));
    await waitFor(() =>
      expect(
        stub.calls.some((c) => c.path === '/api/admin/activities' && c.query.get('kind') === 'manfan'),
      ).toBe(true),
    );
  });

  it('switches the 94折 off after a confirmation', async () => {
    const stub = renderAt(<ActivitiesPage />, '/', reply(['marketing.read', 'marketing.edit']));
    const toggle = await screen.findByRole('switch', { name: '启用 全场94折' }, { timeout: 10_000 });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('停用后购物车立即恢复原价');
    await user.click(within(dialog).getByRole('button', { name: /停\s*用/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = stub.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/admin/activities/1/enabled');
    expect(new URLSearchParams(put.body).get('enabled')).toBe('false');
  });

  it('creates a 满减 from the tier editor', async () => {
    const stub = renderAt(<ActivitiesPage />, '/', reply(['marketing.read', 'marketing.edit']));
    await user.click(await screen.findByRole('button', { name: '新建活动' }, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog');
    await fill(within(drawer).getByLabelText('活动名称'), '满500减20');
    await fill(within(drawer).getByLabelText('第1档 满（元）'), '500');
    await fill(within(drawer).getByLabelText('第1档 减（元）'), '20');
    await user.click(within(drawer).getByRole('button', { name: /添加档位/ }));
    await fill(await within(drawer).findByLabelText('第2档 满（元）'), '1000');
    await fill(within(drawer).getByLabelText('第2档 减（元）'), '50');
    expect(within(drawer).queryByLabelText('折扣（折）')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'POST')!.path).toBe('/api/admin/activities');
    const body = bodyOf(stub, 'POST');
    expect(body).toMatchObject({
      kind: 'manjian',
      name: '满500减20',
      'tiers[0][amount]': '500.00',
      'tiers[0][value]': '20.00',
      'tiers[1][amount]': '1000.00',
      'tiers[1][value]': '50.00',
      enabled: 'true',
    });
    expect(body.start_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body).not.toHaveProperty('rate_per_mille');
  });

  const openNew = async () => {
    await user.click(await screen.findByRole('button', { name: '新建活动' }, { timeout: 10_000 }));
    return screen.findByRole('dialog');
  };

  it('每日特价 rows take a day per goods, 限时秒杀 rows do not', async () => {
    renderAt(<ActivitiesPage />, '/', reply(['marketing.read', 'marketing.edit']));
    const drawer = await openNew();
    await user.click(within(drawer).getByText('每日特价'));
    await waitFor(() => expect(within(drawer).queryByLabelText('第1档 满（元）')).not.toBeInTheDocument());
    await user.click(within(drawer).getByRole('button', { name: /添加商品/ }));
    expect(await within(drawer).findByLabelText('特价日期（不填为每天）')).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: '第1个商品' })).toBeInTheDocument();
    await user.click(within(drawer).getByText('限时秒杀'));
    await user.click(within(drawer).getByRole('button', { name: /添加商品/ }));
    expect(await within(drawer).findByLabelText('活动价（元）')).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('特价日期（不填为每天）')).not.toBeInTheDocument();
  });

  it('模板 takes goods sections and the coupons offered', async () => {
    const stub = renderAt(<ActivitiesPage />, '/', reply(['marketing.read', 'marketing.edit']));
    const drawer = await openNew();
    await user.click(within(drawer).getByText('专区/活动页'));
    await user.click(within(drawer).getByRole('button', { name: /添加专区/ }));
    expect(await within(drawer).findByLabelText('第1个专区标题')).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: '第1个专区商品' })).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: '页面优惠券' })).toBeInTheDocument();
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path === '/api/admin/draws/coupon_options')).toBe(true),
    );
  });

  it('全场折扣 takes a rate in 折 and sends it per mille', async () => {
    const stub = renderAt(<ActivitiesPage />, '/', reply(['marketing.read', 'marketing.edit']));
    const drawer = await openNew();
    await user.click(within(drawer).getByText('全场折扣'));
    await waitFor(() => expect(within(drawer).queryByLabelText('第1档 满（元）')).not.toBeInTheDocument());
    await fill(within(drawer).getByLabelText('活动名称'), '全场94折');
    await fill(within(drawer).getByLabelText('折扣（折）'), '9.4');
    await user.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = bodyOf(stub, 'POST');
    expect(body).toMatchObject({ kind: 'discount', name: '全场94折', rate_per_mille: '940' });
    expect(Object.keys(body).some((k) => k.startsWith('tiers'))).toBe(false);
  });

  it('opens a saved activity with its rules and saves it with PUT', async () => {
    const saved = view({
      id: 2,
      kind: 'manjian',
      kind_text: '满减',
      name: '全场满500减20',
      rate_per_mille: 0,
      tiers: [{ amount: '500.00', value: '20.00', text: '满500减20' }],
    });
    const stub = renderAt(<ActivitiesPage />, '/', (call) => {
      if (call.path === '/api/admin/me') return ok(ME(['marketing.read', 'marketing.edit']));
      if (call.path === '/api/admin/activities/2') return ok(saved);
      if (call.method === 'GET') return paged(LIST);
      return ok(saved, '已保存');
    });
    const name = await screen.findByText('全场满500减20', {}, { timeout: 10_000 });
    await user.click(within(name.closest('tr')!).getByRole('button', { name: /编\s*辑/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByDisplayValue('全场满500减20')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('第1档 满（元）')).toHaveValue('500.00');
    await user.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = stub.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/admin/activities/2');
    expect(bodyOf(stub, 'PUT')).toMatchObject({
      kind: 'manjian',
      'tiers[0][amount]': '500.00',
      start_time: '2026-11-24 00:00:00',
    });
  });
});

describe('活动报表', () => {
  it('shows the figures and the days', async () => {
    const report: ActivityReport = {
      activity: row({ kind: 'manfan', kind_text: '满返', name: '满1000返30', summary: '满1000返30（全场）' }),
      orders: 3,
      buyers: 2,
      goods_amount: '3600.00',
      discount_given: '0.00',
      cashback_pending: '30.00',
      cashback_credited: '60.00',
      cashback_reversed: '10.00',
      taps: 120,
      by_day: [
        { day: '2026-11-24', orders: 1, amount: '1200.00', taps: 70 },
        { day: '2026-11-25', orders: 2, amount: '2400.00', taps: 50 },
      ],
    };
    const stub = renderAt(<ActivityReportPage />, '/activities/:id/report', () => ok(report));
    expect(await screen.findByText('满1000返30', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(stub.calls[0]!.path).toBe('/api/admin/activities/1/report');
    expect(screen.getByText('已返现（元）').closest('.ant-statistic')).toHaveTextContent('60.00');
    expect(screen.getByText('已扣回（元）').closest('.ant-statistic')).toHaveTextContent('10.00');
    expect(screen.getByText('下单会员').closest('.ant-statistic')).toHaveTextContent('2');
    const day = screen.getByText('2026-11-25').closest('tr')!;
    expect(day).toHaveTextContent('¥2400.00');
    expect(day).toHaveTextContent('50');
  });
});

describe('组合购', () => {
  const combo: CombinationAdminView = {
    id: 5,
    name: '感冒组合',
    price: '35.00',
    original_amount: '37.90',
    items: [
      {
        goods_id: 1,
        goods: { id: 1, name: '布洛芬缓释胶囊', ypgg: '0.3g*20粒', sccj: '中美史克', price: '25.00' },
        number: 1,
      },
      {
        goods_id: 2,
        goods: { id: 2, name: '阿莫西林胶囊', ypgg: '0.25g*24粒', sccj: '华润三九', price: '12.90' },
        number: 1,
      },
    ],
    start_time: '2026-11-24 00:00:00',
    end_time: '2026-12-24 00:00:00',
    on_sale: 1,
    status_text: '销售中',
    orders: 4,
  };

  it('lists combinations and takes one off sale', async () => {
    const stub = renderAt(<CombinationsPage />, '/', (call) => {
      if (call.path === '/api/admin/me') return ok(ME(['marketing.read', 'marketing.edit']));
      if (call.method === 'GET') return paged([combo]);
      return ok({ ...combo, on_sale: 0, status_text: '已下架' }, '已下架');
    });
    expect(await screen.findByText('感冒组合', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('布洛芬缓释胶囊 0.3g*20粒 × 1')).toBeInTheDocument();
    expect(screen.getByText('¥37.90')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: '上架 感冒组合' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = stub.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/admin/combinations/5/on_sale');
    expect(new URLSearchParams(put.body).get('on_sale')).toBe('false');
  });
});
