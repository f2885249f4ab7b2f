import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminGoodsDetail, AdminWarehouse, Permission } from '@kc/domain';
import { fail, ok, stubFetch, type FetchCall } from '../../../test/fetch-stub';
import { moved } from './components/ImageUpload';
import { GoodsEditPage } from './pages/GoodsEditPage';
import { WarehousesPage } from './pages/WarehousesPage';
import { routes } from './routes';

afterEach(() => vi.unstubAllGlobals());

const ADMIN: Permission[] = ['goods.read', 'goods.edit'];
const READER: Permission[] = ['goods.read'];

const warehouses: AdminWarehouse[] = [
  { id: 1, name: '杭州仓', region: '浙江省杭州市' },
  { id: 2, name: '郑州仓', region: '' },
];

const detail = {
  id: 7,
  name: '阿莫西林胶囊',
  trade_name: '',
  ypgg: '0.25g*24粒',
  sccj: '华润三九医药股份有限公司',
  approval_no: '国药准字H20003263',
  dosage_form: '胶囊剂',
  rx_class: 'rx',
  scope_class: '抗生素制剂',
  storage: '常温',
  is_hm: false,
  category_id: 2,
  category_path: ['西药'],
  brand_id: 0,
  ck_id: 1,
  zones: [],
  images: ['/media/1', '/media/2'],
  base_price: '18.00',
  price: '12.90',
  ladder_price: [],
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
  py_initials: '',
  py_full: '',
  created_at: '2026-11-20T02:00:00.000Z',
  updated_at: '2026-11-20T02:00:00.000Z',
} as unknown as AdminGoodsDetail;

function serve(permissions: Permission[], upload?: (c: FetchCall) => ReturnType<typeof ok>) {
  let n = 10;
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
    if (c.path === '/api/admin/warehouses' && c.method === 'GET') return ok(warehouses);
    if (c.path === '/api/admin/warehouses' && c.method === 'POST')
      return ok({ id: 3, name: '广州仓', region: '' });
    if (c.path === '/api/admin/warehouses/2')
      return ok({ id: 2, name: '郑州中心仓', region: '河南省郑州市' });
    if (c.path === '/api/admin/goods/7' && c.method === 'GET') return ok(detail);
    if (c.path === '/api/admin/goods/7' && c.method === 'POST') return ok(detail);
    if (c.path === '/api/admin/goods/images') return upload ? upload(c) : ok({ url: `/media/${n++}` });
    if (c.path === '/api/admin/categories')
      return ok([{ id: 2, parent_id: 0, name: '西药', code: '', logo: '', sort: 0, goods_count: 1 }]);
    if (c.path === '/api/admin/brands') return ok([]);
    return ok(null);
  });
}

function show(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/warehouses', element: <WarehousesPage /> },
      { path: '/goods/:id', element: <GoodsEditPage /> },
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
}

/** antd Upload's hidden file input (what the 上传图片 card opens). */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

const posts = (calls: FetchCall[], path: string) =>
  calls.filter((c) => c.path === path && c.method === 'POST');

/** A tiny PNG file as the browser's picker hands it over. */
const pngFile = (name = 'photo.png', type = 'image/png', size = 100) =>
  new File([new Uint8Array(size)], name, { type });

describe('仓库管理', () => {
  it('is a goods-menu page readers may open', () => {
    const r = routes.find((x) => x.path === 'warehouses');
    expect(r).toMatchObject({ title: '仓库管理', access: 'goods.read', menu: { group: 'goods' } });
  });

  it('lists the warehouses, adds one and renames one', async () => {
    const { calls } = serve(ADMIN);
    const user = userEvent.setup();
    show('/warehouses');
    expect(await screen.findByText('杭州仓')).toBeInTheDocument();
    expect(screen.getByText('浙江省杭州市')).toBeInTheDocument();
    expect(screen.getByText('未填写')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '新增仓库' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText('请输入仓库名称')).toBeInTheDocument();
    expect(posts(calls, '/api/admin/warehouses')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('仓库名称'), '广州仓');
    await user.click(within(dialog).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(posts(calls, '/api/admin/warehouses')).toHaveLength(1));
    expect(posts(calls, '/api/admin/warehouses')[0]!.body).toBe(
      `name=${encodeURIComponent('广州仓')}&region=`,
    );

    await user.click(screen.getByRole('button', { name: '编辑 郑州仓' }));
    const edit = await screen.findByRole('dialog', { name: '编辑仓库' });
    const name = within(edit).getByLabelText('仓库名称');
    expect(name).toHaveValue('郑州仓');
    await user.clear(name);
    await user.type(name, '郑州中心仓');
    await user.type(within(edit).getByLabelText('所在地区'), '河南省郑州市');
    await user.click(within(edit).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(posts(calls, '/api/admin/warehouses/2')).toHaveLength(1));
    expect(new URLSearchParams(posts(calls, '/api/admin/warehouses/2')[0]!.body).get('region')).toBe(
      '河南省郑州市',
    );
  });

  it('shows no add or edit buttons to a reader', async () => {
    serve(READER);
    show('/warehouses');
    expect(await screen.findByText('杭州仓')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增仓库' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑/ })).toBeNull();
  });
});

describe('商品图片上传', () => {
  it('uploads a photo, appends its address, moves one to the front and saves the order', async () => {
    const { calls } = serve(ADMIN);
    const user = userEvent.setup();
    show('/goods/7');
    expect(await screen.findByDisplayValue('/media/2')).toBeInTheDocument();
    // The picture cards follow the form through Form.useWatch: one render after the inputs.
    expect(await screen.findByText('主图')).toBeInTheDocument();

    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(posts(calls, '/api/admin/goods/images')).toHaveLength(1));
    const sent = posts(calls, '/api/admin/goods/images')[0]!.form!.get('file') as File;
    expect(sent.name).toBe('photo.png');
    expect(await screen.findByDisplayValue('/media/10')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '设为主图 3' }));
    await user.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(posts(calls, '/api/admin/goods/7')).toHaveLength(1));
    const body = new URLSearchParams(posts(calls, '/api/admin/goods/7')[0]!.body);
    expect(body.getAll('images[]')).toEqual(['/media/10', '/media/1', '/media/2']);
  });

  it('refuses a file that is no image or too big before sending it', async () => {
    const { calls } = serve(ADMIN);
    show('/goods/7');
    await screen.findByDisplayValue('/media/2');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), pngFile('scan.pdf', 'application/pdf'));
    expect(await screen.findByText('scan.pdf：仅支持JPG、PNG或WebP图片')).toBeInTheDocument();
    await user.upload(fileInput(), pngFile('big.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('big.png：图片不能超过5MB')).toBeInTheDocument();
    expect(posts(calls, '/api/admin/goods/images')).toHaveLength(0);
  });

  it('drops the card when the server refuses the file, keeping the list', async () => {
    const { calls } = serve(ADMIN, () =>
      fail(422, '仅支持JPG、PNG或WebP图片', 422, { errors: { file: '仅支持JPG、PNG或WebP图片' } }),
    );
    const user = userEvent.setup();
    show('/goods/7');
    await screen.findByDisplayValue('/media/2');
    await user.upload(fileInput(), pngFile('fake.png'));
    await waitFor(() => expect(posts(calls, '/api/admin/goods/images')).toHaveLength(1));
    // The api client shows the server's message; the card that was uploading goes away.
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-uploading')).toBeNull());
    expect(screen.queryByDisplayValue('/media/10')).toBeNull();
    expect(screen.getAllByRole('textbox', { name: /^图片\d+$/ })).toHaveLength(2);
  });

  it('shows the images without upload or reorder to a reader', async () => {
    serve(READER);
    show('/goods/7');
    await screen.findByDisplayValue('/media/2');
    // The picture cards follow the form through Form.useWatch: one render after the inputs.
    expect(await screen.findByText('主图')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '上传图片' })).toBeNull();
    expect(screen.queryByRole('button', { name: /设为主图/ })).toBeNull();
  });
});

describe('moved', () => {
  it('moves one item and keeps the rest in order', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});
