import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  permissionsOf,
  type AdminMe,
  type AdminOrderDetailView,
  type AllocationView,
  type OperatorRole,
  type ReturnDetailView,
} from '@kc/domain';
import { setNavigationBridge } from '../../../shared/api';
import { fail, ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { AdminProviders, createAdminQueryClient } from '../../AppProviders';
import { adminRouteObjects } from '../../AppRoutes';
import { routes } from './routes';

const meOf = (role: OperatorRole): AdminMe => ({
  id: 1,
  username: role,
  name: `${role}的名字`,
  role,
  role_label: { admin: '管理员', service: '客服', warehouse: '仓库', finance: '财务' }[role],
  permissions: permissionsOf(role),
});

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  order_no: `KC2026112500000${id}`,
  kind: 'goods',
  status: 1,
  status_text: '待发货',
  member_id: 7,
  member_company: '杭州康宁大药房有限公司',
  payable: '129.00',
  payment_method: 'balance',
  payment_method_text: '余额支付',
  line_count: 1,
  is_hm: 0,
  carrier: '',
  tracking_no: '',
  created_at: '2026-11-25 10:00:00',
  paid_at: '2026-11-25 10:01:00',
  shipped_at: '',
  ...over,
});
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

const lot = (lot_id: number, batch_no: string, expires_on: string, number: number) => ({
  lot_id,
  batch_no,
  produced_on: '2025-01-01',
  expires_on,
  number,
});

function detail(over: Partial<AdminOrderDetailView> = {}): AdminOrderDetailView {
  const line = {
    id: 11,
    goods_id: 3,
    name: '阿莫西林胶囊',
    ypgg: '0.25g*24粒',
    sccj: '华润三九医药股份有限公司',
    bzdw: '盒',
    approval_no: '国药准字H20003',
    image: '',
    ck_id: 1,
    warehouse: '杭州仓',
    combination: '',
    raw_price: '12.90',
    price: '12.90',
    number: 10,
    amount: '129.00',
    manjian_amount: '0.00',
    coupon_amount: '0.00',
    pay_amount: '129.00',
    is_hm: 0 as const,
    lots: [{ batch_no: 'B-EARLY', produced_on: '2025-01-01', expires_on: '2027-01-01', number: 10 }],
    returned_number: 0,
    returnable_number: 0,
  };
  return {
    id: 5,
    order_no: 'KC20261125000005',
    status: 1,
    status_text: '待发货',
    created_at: '2026-11-25 10:00:00',
    payable: '129.00',
    line_count: 1,
    payment_method: 'balance',
    is_hm: 0,
    expires_at: '',
    actions: {} as AdminOrderDetailView['actions'],
    member_company: '杭州康宁大药房有限公司',
    address: { consignee: '王药师', phone: '13800000000', region: '浙江省杭州市', address: '文一路1号' },
    lines: [line],
    warehouses: [{ ck_id: 1, name: '杭州仓', line_ids: [11] }],
    amounts: {
      list_amount: '129.00',
      tier_saving: '0.00',
      discount_saving: '0.00',
      goods_amount: '129.00',
      manjian_amount: '0.00',
      coupon_amount: '0.00',
      voucher_amount: '0.00',
      shipping_amount: '0.00',
      payable: '129.00',
      no_trans_order_amount: '0.00',
      short_amount: '0.00',
    },
    payment: {
      method: 'balance',
      method_text: '余额支付',
      status: 'paid',
      status_text: '已支付',
      paid_amount: '129.00',
      paid_at: '2026-11-25 10:01:00',
      reference: '',
    },
    invoice: {
      type: 0,
      type_text: '不开发票',
      title: '',
      tax_no: '',
      bank: '',
      account: '',
      address: '',
      phone: '',
    },
    remark: '',
    logistics: { carrier: '', tracking_no: '', timeline: [] } as unknown as AdminOrderDetailView['logistics'],
    events: [],
    paid_at: '2026-11-25 10:01:00',
    shipped_at: '',
    completed_at: '',
    cancelled_at: '',
    cancel_reason: '',
    points_awarded: 0,
    hm: null,
    returns: [],
    member_id: 7,
    member_username: 'demo',
    kind: 'goods',
    allocation: { allocated: 0, allocated_at: '', allocated_by: '', note: '' },
    line_lots: { 11: [lot(21, 'B-EARLY', '2027-01-01', 10)] },
    payments: [],
    timeline: [
      { time: '2026-11-25 10:00:00', text: '订单已提交，等待付款', actor: 'member' },
      {
        time: '2026-11-25 10:01:00',
        text: '订单已付款（余额支付，129.00元），等待仓库发货',
        actor: 'member',
      },
    ],
    ...over,
  } as AdminOrderDetailView;
}

const allocation: AllocationView = {
  order_id: 5,
  order_no: 'KC20261125000005',
  status: 1,
  editable: 1,
  shelf_months: 0,
  allocated: 0,
  allocated_at: '',
  allocated_by: '',
  note: '',
  lines: [
    {
      line_id: 11,
      goods_id: 3,
      name: '阿莫西林胶囊',
      ypgg: '0.25g*24粒',
      sccj: '华润三九医药股份有限公司',
      bzdw: '盒',
      number: 10,
      current: [lot(21, 'B-EARLY', '2027-01-01', 10)],
      fefo: [lot(21, 'B-EARLY', '2027-01-01', 10)],
      lots: [
        { ...lot(20, 'B-OLD', '2025-01-01', 0), quantity: 500, expired: 1, below_floor: 0 },
        { ...lot(21, 'B-EARLY', '2027-01-01', 0), quantity: 30, expired: 0, below_floor: 0 },
        { ...lot(22, 'B-LATE', '2029-06-01', 0), quantity: 100, expired: 0, below_floor: 0 },
      ].map(({ number: _n, ...l }) => l) as AllocationView['lines'][number]['lots'],
    },
  ],
};

type Handler = (call: FetchCall) => StubReply | undefined;

function mount(path: string, role: OperatorRole, handler: Handler) {
  const stub = stubFetch((call) => {
    if (call.path === '/api/admin/me') return ok(meOf(role));
    return handler(call) ?? fail(404, '接口不存在', 404);
  });
  const router = createMemoryRouter(adminRouteObjects(routes), { initialEntries: [path] });
  const restore = setNavigationBridge({
    navigate: (to, opts) => void router.navigate(to, opts),
    currentPath: () => router.state.location.pathname + router.state.location.search,
    reload: () => undefined,
  });
  const view = render(
    <AdminProviders client={createAdminQueryClient()}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return { stub, router, view, restore };
}

const posted = (stub: ReturnType<typeof stubFetch>, path: string) =>
  stub.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => new URLSearchParams(c.body));

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  vi.unstubAllGlobals();
});

describe('订单列表', () => {
  it('lists by status tab and filters, and prints the selected orders as one pick list', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { stub, restore } = mount('/orders', 'warehouse', (c) =>
      c.path === '/api/admin/orders'
        ? ok(
            page(
              c.query.get('status') === '0'
                ? [row(3, { status: 0, status_text: '待付款' })]
                : [row(1), row(2)],
            ),
          )
        : undefined,
    );
    cleanup = restore;
    const user = userEvent.setup();
    expect(await screen.findByText('KC20261125000001', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(stub.calls.find((c) => c.path === '/api/admin/orders')!.query.get('status')).toBe('1');

    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]!);
    await user.click(checkboxes[2]!);
    await user.click(screen.getByRole('button', { name: /批量打印拣货单（2）/ }));
    expect(open).toHaveBeenCalledWith('/api/admin/pick_list?ids%5B%5D=1&ids%5B%5D=2', '_blank', 'noopener');

    await user.type(screen.getByPlaceholderText('会员ID / 公司名 / 账号'), '康宁');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path === '/api/admin/orders' && c.query.get('member') === '康宁')).toBe(
        true,
      ),
    );
    await user.click(screen.getByRole('tab', { name: '待付款' }));
    expect(await screen.findByText('KC20261125000003')).toBeInTheDocument();
    const last = stub.calls.filter((c) => c.path === '/api/admin/orders').at(-1)!;
    expect(last.query.get('status')).toBe('0');
    expect(last.query.get('member')).toBe('康宁');
  });
});

describe('订单详情', () => {
  it('shows the warehouse its steps only, and ships with carrier and tracking number', async () => {
    const { stub, restore } = mount('/orders/5', 'warehouse', (c) => {
      if (c.path === '/api/admin/orders/5') return ok(detail());
      if (c.path === '/api/admin/orders/5/ship')
        return ok(detail({ status: 2, status_text: '已发货' }), '已发货');
      return undefined;
    });
    cleanup = restore;
    const user = userEvent.setup();
    expect(await screen.findByText('B-EARLY（2027-01-01 × 10）', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('国药准字H20003')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '分配批号' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '打印随货同行单' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '取消订单' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认到账' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /发\s*货/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/发货将按效期先出/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确认发货' }));
    expect(await within(dialog).findByText('请填写承运商')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('承运商'), '顺丰速运');
    await user.type(within(dialog).getByLabelText('运单号'), 'SF1234567890');
    await user.click(within(dialog).getByRole('button', { name: '确认发货' }));
    await waitFor(() => expect(posted(stub, '/api/admin/orders/5/ship')).toHaveLength(1));
    const body = posted(stub, '/api/admin/orders/5/ship')[0]!;
    expect([body.get('carrier'), body.get('tracking_no')]).toEqual(['顺丰速运', 'SF1234567890']);
    expect(await screen.findByText('已发货', { selector: '.ant-tag' })).toBeInTheDocument();
  });

  it('asks a reason when lots change from the FEFO proposal, and sends the lots per line', async () => {
    const { stub, restore } = mount('/orders/5', 'warehouse', (c) => {
      if (c.path === '/api/admin/orders/5') return ok(detail());
      if (c.path === '/api/admin/orders/5/allocation') return ok(allocation);
      if (c.path === '/api/admin/orders/5/allocate') return ok(detail(), '批号已调整');
      return undefined;
    });
    cleanup = restore;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '分配批号' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog');
    const early = await within(dialog).findByLabelText('阿莫西林胶囊 批号B-EARLY 分配数量');
    expect(early).toHaveValue('10');
    expect(within(dialog).getByLabelText('阿莫西林胶囊 批号B-OLD 分配数量')).toBeDisabled();
    await user.clear(early);
    await user.type(early, '4');
    const late = within(dialog).getByLabelText('阿莫西林胶囊 批号B-LATE 分配数量');
    await user.clear(late);
    await user.type(late, '6');
    await user.click(within(dialog).getByRole('button', { name: '确认调整' }));
    expect(await within(dialog).findByText('调整批号须填写原因')).toBeInTheDocument();
    expect(posted(stub, '/api/admin/orders/5/allocate')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('调整原因'), '客户要求远效期');
    await user.click(within(dialog).getByRole('button', { name: '确认调整' }));
    await waitFor(() => expect(posted(stub, '/api/admin/orders/5/allocate')).toHaveLength(1));
    const body = posted(stub, '/api/admin/orders/5/allocate')[0]!;
    expect(body.get('lines[0][line_id]')).toBe('11');
    expect(body.get('reason')).toBe('客户要求远效期');
    const lots = [0, 1].map((i) => [
      body.get(`lines[0][lots][${i}][lot_id]`),
      body.get(`lines[0][lots][${i}][number]`),
    ]);
    expect(lots).toEqual(
      expect.arrayContaining([
        ['21', '4'],
        ['22', '6'],
      ]),
    );
  });

  it("shows the buyer's shelf-life floor and tags the lots under it", async () => {
    const floored: AllocationView = {
      ...allocation,
      shelf_months: 12,
      lines: allocation.lines.map((l) => ({
        ...l,
        fefo: [lot(22, 'B-LATE', '2029-06-01', 10)],
        lots: l.lots.map((x) => ({ ...x, below_floor: x.batch_no === 'B-EARLY' ? 1 : 0 })),
      })),
    };
    const { restore } = mount('/orders/5', 'warehouse', (c) => {
      if (c.path === '/api/admin/orders/5') return ok(detail());
      if (c.path === '/api/admin/orders/5/allocation') return ok(floored);
      return undefined;
    });
    cleanup = restore;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '分配批号' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('买家要求效期不少于12个月：不足的批号不能新分配（已分配的可保留）'),
    ).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row');
    const early = rows.find((r) => within(r).queryByText('B-EARLY'))!;
    expect(within(early).getByText('效期不足12个月')).toBeInTheDocument();
    const late = rows.find((r) => within(r).queryByText('B-LATE'))!;
    expect(within(late).queryByText('效期不足12个月')).toBeNull();
    expect(within(late).getByText('效期先出')).toBeInTheDocument();
  });

  it('lets 客服 cancel with a reason after a confirmation', async () => {
    const { stub, restore } = mount('/orders/5', 'service', (c) => {
      if (c.path === '/api/admin/orders/5') return ok(detail());
      if (c.path === '/api/admin/orders/5/cancel')
        return ok(detail({ status: 4, status_text: '已取消' }), '订单已取消，已退款129.00元');
      return undefined;
    });
    cleanup = restore;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '取消订单' }, { timeout: 8000 }));
    expect(screen.queryByRole('button', { name: /发\s*货/ })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('取消原因（买家可见）'), '客户来电取消');
    await user.click(within(dialog).getByRole('button', { name: '取消订单' }));
    const confirm = (await screen.findAllByText(/已付的 ¥129.00 将退回买家账户余额/)).at(-1)!;
    await user.click(
      within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(posted(stub, '/api/admin/orders/5/cancel')).toHaveLength(1));
    expect(posted(stub, '/api/admin/orders/5/cancel')[0]!.get('reason')).toBe('客户来电取消');
  });
});

describe('退货售后', () => {
  const request = (status: ReturnDetailView['status'], status_text: string): ReturnDetailView =>
    ({
      id: 9,
      return_no: 'TH2026112500000009',
      kind: 'return',
      kind_text: '退货退款',
      status,
      status_text,
      order_id: 5,
      order_no: 'KC20261125000005',
      reason: '商品破损',
      description: '外箱压坏',
      refund_amount: '12.90',
      admin_remark: '',
      created_at: '2026-11-25 11:00:00',
      photos: [],
      lines: [
        {
          order_line_id: 11,
          goods_id: 3,
          name: '阿莫西林胶囊',
          ypgg: '0.25g*24粒',
          sccj: '华润三九',
          image: '',
          price: '12.90',
          number: 1,
          refund_amount: '12.90',
          lots: [{ batch_no: 'B-EARLY', produced_on: '2025-01-01', expires_on: '2027-01-01', number: 10 }],
        },
      ],
      timeline: [{ time: '2026-11-25 11:00:00', text: '提交申请' }],
      return_address: '',
    }) as ReturnDetailView;

  it('filters the queue, opens a request and rejects it with a reason', async () => {
    const { stub, restore } = mount('/returns', 'service', (c) => {
      if (c.path === '/api/admin/returns')
        return ok(
          page([
            {
              id: 9,
              return_no: 'TH2026112500000009',
              kind: 'return',
              status: 'pending',
              status_text: '待审核',
              created_at: '2026-11-25 11:00:00',
              order_id: 5,
              order_no: 'KC20261125000005',
              refund_amount: '12.90',
              number: 1,
              member_company: '杭州康宁大药房有限公司',
            },
          ]),
        );
      if (c.path === '/api/admin/returns/9') return ok(request('pending', '待审核'));
      if (c.path === '/api/admin/returns/9/reject') return ok(request('rejected', '已拒绝'), '已拒绝');
      return undefined;
    });
    cleanup = restore;
    const user = userEvent.setup();
    // The first visit loads the page's chunk (antd's Table, Drawer, DatePicker): give it time.
    await user.click(await screen.findByRole('button', { name: 'TH2026112500000009' }, { timeout: 8000 }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('外箱压坏')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /退\s*款/ })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /拒\s*绝/ }));
    const box = await screen.findByLabelText('拒绝原因（买家可见）');
    await user.type(box, '超出退货期限');
    await user.click(
      within(box.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /拒\s*绝/ }),
    );
    const confirm = (await screen.findAllByText('确认拒绝该退货申请？')).at(-1)!;
    await user.click(
      within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(posted(stub, '/api/admin/returns/9/reject')).toHaveLength(1));
    expect(posted(stub, '/api/admin/returns/9/reject')[0]!.get('reason')).toBe('超出退货期限');

    await user.click(screen.getByRole('tab', { name: '全部' }));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path === '/api/admin/returns' && c.query.get('status') === 'all')).toBe(
        true,
      ),
    );
  });
});
