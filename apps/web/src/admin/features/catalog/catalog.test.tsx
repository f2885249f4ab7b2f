import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminCategory,
  AdminGoodsDetail,
  AdminGoodsRow,
  AdminLotRow,
  Permission,
  StockMovementRow,
} from '@kc/domain';
import { ok, stubFetch, type FetchCall } from '../../../test/fetch-stub';
import { CategoriesPage } from './pages/CategoriesPage';
import { GoodsEditPage } from './pages/GoodsEditPage';
import { GoodsListPage } from './pages/GoodsListPage';
import { LotsPage } from './pages/LotsPage';
import { StockLedgerPage } from './pages/StockLedgerPage';

afterEach(() => vi.unstubAllGlobals());

const ADMIN: Permission[] = ['goods.read', 'goods.edit', 'stock.receive'];
const FINANCE: Permission[] = ['goods.read'];

const row: AdminGoodsRow = {
  id: 7,
  name: '阿莫西林胶囊',
  trade_name: '阿莫仙',
  ypgg: '0.25g*24粒',
  sccj: '华润三九医药股份有限公司',
  approval_no: '国药准字H20003263',
  category_id: 2,
  category_path: ['西药', '抗感染药'],
  brand: '999',
  warehouse: '杭州仓',
  zones: ['yx'],
  bzdw: '盒',
  base_price: '18.00',
  price: '12.90',
  ladder_from: '11.50',
  stock: 6,
  nearest_expiry: '2027-01-01',
  near_expiry: true,
  on_shelf: true,
  is_buy: true,
  sales: 3,
  updated_at: '2026-11-20T02:00:00.000Z',
};

const detail: AdminGoodsDetail = {
  id: 7,
  name: '阿莫西林胶囊',
  trade_name: '阿莫仙',
  ypgg: '0.25g*24粒',
  sccj: '华润三九医药股份有限公司',
  approval_no: '国药准字H20003263',
  inn_name: 'Amoxicillin',
  dosage_form: '胶囊剂',
  rx_class: 'rx',
  scope_class: '抗生素制剂',
  storage: '常温',
  is_hm: false,
  category_id: 2,
  category_path: ['西药', '抗感染药'],
  brand_id: 0,
  ck_id: 1,
  zones: ['yx'],
  images: ['/uploads/a.jpg'],
  base_price: '18.00',
  price: '12.90',
  ladder_price: [{ number: 10, price: '11.50' }],
  bzdw: '盒',
  zbz: 10,
  jzl: 200,
  round_to_case: false,
  is_buy: true,
  qg_number: 0,
  is_free_shipping: false,
  free_shipping_number: 0,
  is_dpby: false,
  is_youx: false,
  tags: [],
  on_shelf: true,
  stock: 6,
  sales: 3,
  py_initials: 'amxljn amx',
  py_full: 'amoxilinjiaonang amoxian',
  created_at: '2026-11-20T02:00:00.000Z',
  updated_at: '2026-11-20T02:00:00.000Z',
};

const categories: AdminCategory[] = [
  { id: 1, parent_id: 0, name: '西药', code: 'xy', logo: '', sort: 0, goods_count: 0 },
  { id: 2, parent_id: 1, name: '抗感染药', code: '', logo: '', sort: 0, goods_count: 1 },
];

const lot: AdminLotRow = {
  id: 31,
  goods_id: 7,
  goods_name: '阿莫西林胶囊',
  ypgg: '0.25g*24粒',
  sccj: '华润三九医药股份有限公司',
  warehouse: '杭州仓',
  batch_no: 'B-OLD',
  produced_on: '2022-01-01',
  expires_on: '2025-01-01',
  quantity: 20,
  received_quantity: 500,
  supplier: '国药控股',
  unit_cost: '6.20',
  received_at: '2026-11-20T02:00:00.000Z',
  received_by: '仓库管理员',
  near_expiry: false,
  expired: true,
};

const movement: StockMovementRow = {
  id: 90,
  goods_id: 7,
  goods_name: '阿莫西林胶囊',
  ypgg: '0.25g*24粒',
  lot_id: 31,
  batch_no: 'B-OLD',
  kind: 'adjust',
  kind_name: '库存调整',
  quantity: -5,
  stock_after: 95,
  lot_after: 15,
  reason: '破损报损',
  ref: '',
  operator: '仓库管理员',
  created_at: '2026-11-20T02:00:00.000Z',
};

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

function serve(permissions: Permission[]) {
  return stubFetch((c) => {
    if (c.path === '/api/admin/me')
      return ok({
        id: 1,
        username: 'admin',
        name: '管理员',
        role: 'admin',
        role_label: '管理员',
        permissions,
      });
    if (c.path === '/api/admin/goods' && c.method === 'GET') return ok(page([row]));
    if (c.path === '/api/admin/goods/bulk') return ok({ count: 1 });
    if (c.path === '/api/admin/goods/7') return ok(detail);
    if (c.path === '/api/admin/categories') return ok(categories);
    if (c.path === '/api/admin/brands') return ok([]);
    if (c.path === '/api/admin/warehouses') return ok([{ id: 1, name: '杭州仓', region: '' }]);
    if (c.path === '/api/admin/lots' && c.method === 'GET') return ok(page([lot]));
    if (c.path === '/api/admin/lots/31/adjust') return ok({ lot_id: 31, quantity: 15, stock: 95 });
    if (c.path === '/api/admin/stock_ledger') return ok(page([movement]));
    return ok(null);
  });
}

function show(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/goods', element: <GoodsListPage /> },
      { path: '/goods/:id', element: <GoodsEditPage /> },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/lots', element: <LotsPage /> },
      { path: '/stock-ledger', element: <StockLedgerPage /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}

const lastCall = (calls: FetchCall[], path: string, method = 'GET') =>
  calls.filter((c) => c.path === path && c.method === method).at(-1);

describe('商品列表', () => {
  it('searches with the storefront search, shows the row, and takes goods off sale in bulk', async () => {
    const { calls } = serve(ADMIN);
    const user = userEvent.setup();
    show('/goods');
    expect(await screen.findByRole('link', { name: '阿莫西林胶囊' })).toHaveAttribute('href', '/goods/7');
    expect(screen.getByText('西药 / 抗感染药')).toBeInTheDocument();
    expect(screen.getByText('紧张 6')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: '搜索商品' }), 'amxl{Enter}');
    await waitFor(() => expect(lastCall(calls, '/api/admin/goods')?.query.get('keyword')).toBe('amxl'));
    await user.click(screen.getAllByRole('checkbox')[1]!);
    await user.click(await screen.findByRole('button', { name: '下 架' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '下 架' }));
    await waitFor(() =>
      expect(lastCall(calls, '/api/admin/goods/bulk', 'POST')?.body).toBe('ids%5B%5D=7&action=off_sale'),
    );
  });

  it('shows no bulk actions or create button to a reader', async () => {
    serve(FINANCE);
    show('/goods');
    expect(await screen.findByRole('link', { name: '阿莫西林胶囊' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增商品' })).toBeNull();
    expect(screen.queryByRole('button', { name: '移动分类' })).toBeNull();
  });
});

describe('编辑商品', () => {
  it('loads every field and saves the changes in yuan', async () => {
    const { calls } = serve(ADMIN);
    const user = userEvent.setup();
    show('/goods/7');
    const price = await screen.findByDisplayValue('12.90');
    expect(screen.getByDisplayValue('11.50')).toBeInTheDocument();
    // The English (INN) generic name is edited beside the approval number.
    const inn = screen.getByLabelText('英文通用名');
    expect(inn).toHaveValue('Amoxicillin');
    await user.clear(inn);
    await user.type(inn, 'Amoxicillin Sodium');
    await user.clear(price);
    await user.type(price, '13.50');
    await user.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(lastCall(calls, '/api/admin/goods/7', 'POST')).toBeDefined());
    const body = new URLSearchParams(lastCall(calls, '/api/admin/goods/7', 'POST')!.body);
    expect(body.get('price')).toBe('13.50');
    expect(body.get('inn_name')).toBe('Amoxicillin Sodium');
    expect(body.get('ladder_price[0][price]')).toBe('11.50');
    expect(body.get('on_shelf')).toBe('1');
    expect(body.get('tags')).toBe('');
  });

  it('checks the form with the shared schema before sending', async () => {
    const { calls } = serve(ADMIN);
    const user = userEvent.setup();
    show('/goods/7');
    const price = await screen.findByDisplayValue('12.90');
    await user.clear(price);
    await user.type(price, '1.2.3');
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('金额格式有误，最多两位小数')).toBeInTheDocument();
    expect(lastCall(calls, '/api/admin/goods/7', 'POST')).toBeUndefined();
  });
});

describe('分类管理', () => {
  it('shows the tree', async () => {
    serve(ADMIN);
    show('/categories');
    expect(await screen.findByText('抗感染药')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新增一级分类' })).toBeInTheDocument();
  });
});

describe('批号库存 and 库存台账', () => {
  it('flags an expired lot and adjusts it with a reason', async () => {
    const { calls } = serve(ADMIN);
    const user = userEvent.setup();
    show('/lots?expiry=expired');
    expect(await screen.findByText('已过期', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(lastCall(calls, '/api/admin/lots')?.query.get('expiry')).toBe('expired');
    await user.click(screen.getByRole('button', { name: /^调\s?整$/ }));
    await user.type(await screen.findByRole('spinbutton', { name: '调整数量' }), '-5');
    await user.click(screen.getByRole('button', { name: '确认调整' }));
    expect(await screen.findByText('请填写调整原因')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '调整原因' }), '破损报损');
    await user.click(screen.getByRole('button', { name: '确认调整' }));
    await waitFor(() =>
      expect(lastCall(calls, '/api/admin/lots/31/adjust', 'POST')?.body).toBe(
        `delta=-5&reason=${encodeURIComponent('破损报损')}`,
      ),
    );
  });

  it('hides 入库 and 调整 from a reader', async () => {
    serve(FINANCE);
    show('/lots');
    expect(await screen.findByText('B-OLD')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '采购入库' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^调\s?整$/ })).toBeNull();
  });

  it('lists movements of a goods with the balance after each', async () => {
    const { calls } = serve(ADMIN);
    show('/stock-ledger?goods_id=7');
    expect(await screen.findByText('库存调整')).toBeInTheDocument();
    expect(screen.getByText('-5')).toBeInTheDocument();
    expect(screen.getByText('破损报损')).toBeInTheDocument();
    expect(lastCall(calls, '/api/admin/stock_ledger')?.query.get('goods_id')).toBe('7');
  });
});
