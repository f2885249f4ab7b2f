import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { permissionsOf, type AdminMe, type OperatorRole } from '@kc/domain';
import { setNavigationBridge } from '../shared/api';
import { fail, ok, stubFetch, type FetchCall } from '../test/fetch-stub';
import { AdminProviders, createAdminQueryClient } from './AppProviders';
import { adminRouteObjects } from './AppRoutes';
import { adminPage, type AdminRoute } from './shared/route';
import { breadcrumbsOf } from './layout/breadcrumbs';
import { visibleMenu } from './layout/menu';

const page = (text: string) => adminPage(async () => ({ Page: () => <p>{text}</p> }), 'Page');

/** A small routes table in the shape the features declare. */
const ROUTES: AdminRoute[] = [
  { path: '', title: '工作台', access: 'any', page: page('工作台内容'), menu: { group: 'dashboard' } },
  {
    path: 'members',
    title: '会员列表',
    access: 'member.read',
    page: page('会员列表内容'),
    menu: { group: 'members' },
  },
  {
    path: 'orders',
    title: '订单列表',
    access: 'order.read',
    page: page('订单列表内容'),
    menu: { group: 'orders' },
  },
  {
    path: 'orders/:id',
    title: '订单详情',
    access: 'order.read',
    page: page('订单详情内容'),
    parent: 'orders',
  },
  {
    path: 'operators',
    title: '运营人员',
    access: 'operator.manage',
    page: page('运营人员内容'),
    menu: { group: 'system' },
  },
];

const meOf = (role: OperatorRole): AdminMe => ({
  id: 1,
  username: role,
  name: `${role}的名字`,
  role,
  role_label: { admin: '管理员', service: '客服', warehouse: '仓库', finance: '财务' }[role],
  permissions: permissionsOf(role),
});

function mount(path: string, me: AdminMe | null, onPost?: (call: FetchCall) => AdminMe | null) {
  let current = me;
  const stub = stubFetch((call) => {
    if (call.path === '/api/admin/me') return current ? ok(current) : fail(10001, '请先登录', 401);
    if (call.method === 'POST') {
      current = onPost ? onPost(call) : current;
      return ok({ token: 't' }, '登录成功');
    }
    return fail(404, '接口不存在', 404);
  });
  const router = createMemoryRouter(adminRouteObjects(ROUTES), { initialEntries: [path] });
  const restore = setNavigationBridge({
    navigate: (to, opts) => void router.navigate(to, opts),
    currentPath: () => router.state.location.pathname + router.state.location.search,
    reload: () => undefined,
  });
  const client = createAdminQueryClient();
  const view = render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return {
    router,
    stub,
    view,
    restore,
    where: () => router.state.location.pathname + router.state.location.search,
  };
}

describe('the route guard', () => {
  it('sends a signed-out visitor to /login with the way back', async () => {
    const { where, restore } = mount('/orders?status=paid', null);
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
    expect(where()).toBe(`/login?redirect=${encodeURIComponent('/orders?status=paid')}`);
    restore();
  });

  it('shows 无权访问 for a page the role may not use, and the page for one it may', async () => {
    const { router, restore } = mount('/members', meOf('warehouse'));
    expect(await screen.findByText('无权访问')).toBeInTheDocument();
    expect(screen.queryByText('会员列表内容')).not.toBeInTheDocument();
    await router.navigate('/orders');
    expect(await screen.findByText('订单列表内容')).toBeInTheDocument();
    restore();
  });

  it('titles the page and builds the breadcrumbs from the routes table', async () => {
    const { restore } = mount('/orders/5', meOf('admin'));
    expect(await screen.findByText('订单详情内容')).toBeInTheDocument();
    expect(document.title).toBe('订单详情 - 康采医药网运营后台');
    const crumbs = document.querySelector('.ant-breadcrumb') as HTMLElement;
    expect(within(crumbs).getByRole('link', { name: '订单列表' })).toHaveAttribute('href', '/orders');
    expect(crumbs).toHaveTextContent('首页/订单管理/订单列表/订单详情');
    restore();
  });
});

describe('the side menu', () => {
  it('shows only what the role may use (仓库: orders, no members, no operators)', async () => {
    const { restore } = mount('/', meOf('warehouse'));
    const menu = await screen.findByRole('menu', { name: '后台菜单' });
    expect(menu).toHaveTextContent('工作台');
    expect(menu).toHaveTextContent('订单管理');
    expect(menu).not.toHaveTextContent('会员管理');
    expect(menu).not.toHaveTextContent('系统管理');
    // The header names the operator and the role.
    expect(screen.getByText('warehouse的名字')).toBeInTheDocument();
    expect(screen.getByText('仓库')).toBeInTheDocument();
    restore();
  });

  it.each([
    ['admin', ['dashboard', 'members', 'orders', 'system']],
    ['service', ['dashboard', 'members', 'orders']],
    ['finance', ['dashboard', 'members', 'orders']],
    ['warehouse', ['dashboard', 'orders']],
  ] as const)('%s sees the groups %j; detail pages never', (role, groups) => {
    const menu = visibleMenu(ROUTES, meOf(role));
    expect(menu.map((g) => g.group)).toEqual(groups);
    expect(menu.flatMap((g) => g.routes).some((r) => r.path.includes(':'))).toBe(false);
  });

  it('breadcrumbs: the dashboard alone, a list under its group', () => {
    expect(breadcrumbsOf(ROUTES[0], ROUTES)).toEqual([{ title: '工作台' }]);
    expect(breadcrumbsOf(ROUTES[2], ROUTES)).toEqual([
      { title: '首页', to: '/' },
      { title: '订单管理' },
      { title: '订单列表' },
    ]);
  });
});

describe('the login page', () => {
  it('posts the form (with the XSRF token) and goes back where the operator was going', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-1';
    const { stub, where, restore } = mount('/login?redirect=%2Forders', null, (call) =>
      call.path === '/api/admin/login' ? meOf('finance') : null,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('用户名'), 'caiwu');
    await user.type(screen.getByLabelText('密码'), 'admin123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('订单列表内容')).toBeInTheDocument();
    expect(where()).toBe('/orders');
    const post = stub.calls.find((c) => c.path === '/api/admin/login')!;
    expect(new URLSearchParams(post.body).get('username')).toBe('caiwu');
    expect(new URLSearchParams(post.body).get('password')).toBe('admin123456');
    expect(post.headers['X-XSRF-TOKEN']).toBe('xsrf-1');
    restore();
  });

  it('checks the fields before posting', async () => {
    const { stub, restore } = mount('/login', null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名或手机号')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    restore();
  });

  it('never follows a redirect off the site', async () => {
    const { where, restore } = mount('/login?redirect=%2F%2Fevil.example', null, () => meOf('admin'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('用户名'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('工作台内容')).toBeInTheDocument();
    expect(where()).toBe('/');
    restore();
  });

  it('logs out from the header: the server session ends, the login page shows', async () => {
    const { stub, where, restore } = mount('/orders', meOf('service'), () => null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /退出登录/ }));
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(where()).toBe('/login');
    expect(stub.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/logout')).toBe(true);
    restore();
  });
});
