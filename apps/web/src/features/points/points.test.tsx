import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddressView, PointsGoodsView, PointsOrderRowView } from '@kc/domain';
import { ok } from '../../test/fetch-stub';
import { renderPages } from '../../test/render-pages';
import { PointsMallPage } from './pages/PointsMallPage';
import { PointsOrdersPage } from './pages/PointsOrdersPage';

const gift = (over: Partial<PointsGoodsView>): PointsGoodsView => ({
  id: 1,
  name: '医用外科口罩（50只/盒）',
  image: '/media/mask.svg',
  description: '',
  points: 200,
  stock: 500,
  stock_state: 'in_stock',
  stock_text: '有货',
  per_member: 5,
  redeemed: 12,
  goods_id: 0,
  affordable: 1,
  ...over,
});
const GIFTS = [
  gift({}),
  gift({ id: 2, name: '上臂式电子血压计', points: 3000, stock: 15, affordable: 0, per_member: 1 }),
  gift({
    id: 3,
    name: '智能电饭煲 3L',
    points: 8000,
    stock: 0,
    stock_state: 'sold_out',
    stock_text: '已兑完',
    affordable: 0,
  }),
];
const mall = (myPoints: number | null) =>
  ok({ list: GIFTS, total: GIFTS.length, page: 1, page_size: 20, total_page: 1, my_points: myPoints });
const ADDRESSES: AddressView[] = [
  {
    id: 7,
    consignee: '王建国',
    phone: '13800138000',
    region: '浙江省 杭州市 西湖区',
    address: '文三路 398 号',
    is_default: 1,
  },
  {
    id: 8,
    consignee: '李娜',
    phone: '13900139000',
    region: '浙江省 杭州市 滨江区',
    address: '江南大道 1088 号',
    is_default: 0,
  },
];

const routes = [{ path: '/jfsc', element: <PointsMallPage /> }];

describe('/jfsc 积分商城', () => {
  it('shows a visitor the gifts and asks them to log in to redeem', async () => {
    renderPages(routes, '/jfsc', { '/api/points/goods': mall(null) });
    expect(await screen.findByText('医用外科口罩（50只/盒）')).toBeInTheDocument();
    expect(screen.getByText('登录后查看我的积分')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '登录兑换' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: '已兑完' })).toBeDisabled();
    await userEvent.click(screen.getAllByRole('button', { name: '登录兑换' })[0]!);
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=%2Fjfsc');
  });

  it('shows my points, refuses what they do not cover, and redeems with quantity and address', async () => {
    const { calls } = renderPages(routes, '/jfsc', {
      '/api/points/goods': mall(840),
      '/api/user/address': ok(ADDRESSES),
      '/api/points/redeem': ok(
        {
          order_id: 31,
          order_no: 'KC2026112500000031',
          points: 400,
          points_left: 440,
          status: 1,
          status_text: '待发货',
        },
        '兑换成功',
      ),
    });
    expect(await screen.findByTestId('my-points')).toHaveTextContent('840');
    expect(screen.getByRole('button', { name: '积分不足' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '立即兑换' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/王建国 13800138000/)).toBeInTheDocument();
    const qty = within(dialog).getByRole('spinbutton', { name: '兑换数量' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '2');
    await userEvent.click(within(dialog).getByText(/李娜/));
    expect(within(dialog).getByText('400')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确认兑换/ }));
    expect(await screen.findByText('兑换成功', { selector: '.ant-result-title' })).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/api/points/redeem')!;
    const body = new URLSearchParams(post.body);
    expect([body.get('goods_id'), body.get('number'), body.get('address_id')]).toEqual(['1', '2', '8']);
    expect(body.get('idempotency_key')).toMatch(/^[\w-]{8,64}$/);
    await userEvent.click(screen.getByRole('button', { name: '查看积分订单' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/jfdd');
  });
});

const ORDER: PointsOrderRowView = {
  id: 31,
  order_no: 'KC2026112500000031',
  status: 2,
  status_text: '已发货',
  created_at: '2026-11-25 10:00:00',
  points: 400,
  lines: [{ gift_id: 1, name: '医用外科口罩（50只/盒）', number: 2, image: '', points: 400 }],
  address: {
    consignee: '王建国',
    phone: '13800138000',
    region: '浙江省 杭州市 西湖区',
    address: '文三路 398 号',
  },
  carrier: '顺丰速运',
  tracking_no: 'SF1406273318',
  shipped_at: '2026-11-25 15:00:00',
  cancelled_at: '',
  cancel_reason: '',
};

describe('/jfdd 积分订单', () => {
  it('lists points orders with address, status and tracking, filtered by status', async () => {
    const { calls } = renderPages([{ path: '/jfdd', element: <PointsOrdersPage /> }], '/jfdd', {
      '/api/points/orders': ok({ list: [ORDER], total: 1, page: 1, page_size: 10, total_page: 1 }),
    });
    expect(await screen.findByText('KC2026112500000031')).toBeInTheDocument();
    expect(screen.getByTestId('tracking')).toHaveTextContent('SF1406273318');
    expect(screen.getByText(/文三路 398 号/)).toBeInTheDocument();
    expect(screen.getAllByText('已发货').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByText('待发货'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/points/orders')
          .at(-1)!
          .query.get('status'),
      ).toBe('1'),
    );
  });
});
