import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberCouponView, MoneyLogView, PointsLogView } from '@kc/domain';
import { renderRoutes } from '../../../test/router-harness';
import { fail, ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';

const MEMBER = {
  show: true,
  id: 7,
  username: 'demo',
  name: '张三',
  phone: '13800000001',
  company: '杭州康宁大药房有限公司',
  rank: 2,
  is_passed: 1,
  message_count: 0,
  wechat: '0',
  address: '',
};
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, page_size: 10, total_page: 1 });

function stubServer(routes: Record<string, (c: FetchCall) => StubReply>) {
  const stub = stubFetch((call) => {
    const route = routes[`${call.method} ${call.path}`];
    return route ? route(call) : fail(404, `no stub for ${call.method} ${call.path}`, 404);
  });
  const calls = (key: string) => stub.calls.filter((c) => `${c.method} ${c.path}` === key);
  return { calls };
}

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

const money: MoneyLogView[] = [
  {
    id: 2,
    amount: '-120.00',
    balance: '880.00',
    use_type: 2,
    use_type_text: '订单支付',
    order_no: 'KC20260302001',
    remark: '订单支付',
    created_at: '2026-03-02 08:15:00',
  },
  {
    id: 1,
    amount: '1000.00',
    balance: '1000.00',
    use_type: 1,
    use_type_text: '充值',
    order_no: '',
    remark: '线下充值',
    created_at: '2026-03-01 10:00:00',
  },
];

describe('/yegl', () => {
  it('shows the balance and the money log, and filters it by kind', async () => {
    const server = stubServer({
      'GET /api/user/base': () => ok(MEMBER),
      'GET /api/user/user_money': () => ok({ balance: '880.00' }),
      'GET /api/user/user_money_log': (c) =>
        ok(
          page(
            money.filter((m) => !c.query.get('use_type') || String(m.use_type) === c.query.get('use_type')),
          ),
        ),
    });
    const user = userEvent.setup();
    harness = renderRoutes('/yegl', { pages: (name) => name === 'wdqb_yegl' });
    expect(await screen.findByText('KC20260302001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('账户余额（元）').closest('.ant-statistic')).toHaveTextContent('880.00');
    expect(screen.getByText('+1000.00')).toBeInTheDocument();
    expect(screen.getByText('-120.00')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: '类型' }));
    await user.click(await screen.findByTitle('订单支付'));
    await waitFor(() => expect(screen.queryByText('+1000.00')).not.toBeInTheDocument());
    expect(server.calls('GET /api/user/user_money_log').at(-1)!.query.get('use_type')).toBe('2');
  });

  it('在线充值: refuses an amount below 1.00, then opens the top-up and goes to the gateway', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const server = stubServer({
        'GET /api/user/base': () => ok(MEMBER),
        'GET /api/user/user_money': () => ok({ balance: '880.00' }),
        'GET /api/user/user_money_log': () => ok(page(money)),
        'POST /api/user/recharge': () =>
          ok({
            payment_no: 'P17000000000001',
            amount: '1000.00',
            status: 'pending',
            pay_url: '/api/pay/simulator/P17000000000001',
          }),
      });
      const user = userEvent.setup();
      harness = renderRoutes('/yegl', { pages: (name) => name === 'wdqb_yegl' });
      await user.click(await screen.findByRole('button', { name: '在线充值' }, { timeout: 10_000 }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('radio', { name: '在线支付' })).toBeChecked();

      const amount = within(dialog).getByPlaceholderText('请输入充值金额');
      await user.type(amount, '0.5');
      await user.click(within(dialog).getByRole('button', { name: /去支付/ }));
      expect(await within(dialog).findByText('充值金额不能低于1.00元')).toBeInTheDocument();
      expect(server.calls('POST /api/user/recharge')).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: '1000元' }));
      expect(amount).toHaveValue('1000');
      await waitFor(() =>
        expect(within(dialog).queryByText('充值金额不能低于1.00元')).not.toBeInTheDocument(),
      );
      await user.click(within(dialog).getByRole('button', { name: /去支付/ }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/pay/simulator/P17000000000001'));
      const sent = new URLSearchParams(server.calls('POST /api/user/recharge')[0]!.body);
      expect(sent.get('amount')).toBe('1000');
      expect(sent.get('pay_type')).toBe('online');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('back from the gateway (?recharge=P…): shows the top-up credited and the 充值 line', async () => {
    let paid = false;
    const credited: MoneyLogView = {
      id: 3,
      amount: '1000.00',
      balance: '1880.00',
      use_type: 1,
      use_type_text: '充值',
      order_no: 'P17000000000001',
      remark: '在线充值',
      created_at: '2026-03-03 09:00:00',
    };
    const server = stubServer({
      'GET /api/user/base': () => ok(MEMBER),
      'GET /api/user/user_money': () => ok({ balance: paid ? '1880.00' : '880.00' }),
      'GET /api/user/user_money_log': () => ok(page(paid ? [credited, ...money] : money)),
      'GET /api/user/recharge/P17000000000001': () => {
        paid = true;
        return ok({
          payment_no: 'P17000000000001',
          amount: '1000.00',
          status: 'paid',
          paid_at: '2026-03-03 09:00:00',
        });
      },
    });
    harness = renderRoutes('/yegl?recharge=P17000000000001', { pages: (name) => name === 'wdqb_yegl' });
    expect(
      await screen.findByText('充值成功：¥1000.00 已计入账户余额', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const line = (await screen.findByText('P17000000000001')).closest('tr')!;
    expect(line).toHaveTextContent('充值');
    expect(line).toHaveTextContent('+1000.00');
    expect(line).toHaveTextContent('在线充值');
    await waitFor(() =>
      expect(screen.getByText('账户余额（元）').closest('.ant-statistic')).toHaveTextContent('1,880.00'),
    );
    expect(server.calls('GET /api/user/recharge/P17000000000001')).toHaveLength(1);
  });
});

describe('/jfgl', () => {
  it('shows the points and each movement named; filters earned and spent', async () => {
    const rows: PointsLogView[] = [
      {
        id: 2,
        points: -300,
        balance: 560,
        type: 2,
        type_text: '扣减',
        kind: 'mall',
        kind_text: '积分商城兑换',
        reason: '积分商城兑换 医用口罩',
        created_at: '2026-03-02 08:00:00',
      },
      {
        id: 1,
        points: 860,
        balance: 860,
        type: 1,
        type_text: '获得',
        kind: 'receipt',
        kind_text: '确认收货赠送',
        reason: '订单KC1完成',
        created_at: '2026-03-01 08:00:00',
      },
    ];
    const server = stubServer({
      'GET /api/user/base': () => ok(MEMBER),
      'GET /api/user/points_log': (c) =>
        ok({
          ...page(rows.filter((r) => !c.query.get('type') || String(r.type) === c.query.get('type'))),
          points: 560,
        }),
    });
    const user = userEvent.setup();
    harness = renderRoutes('/jfgl', { pages: (name) => name === 'wdqb_jfgl' });
    expect(await screen.findByText('确认收货赠送', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('积分商城兑换')).toBeInTheDocument();
    expect(screen.getByText('+860')).toBeInTheDocument();
    await user.click(screen.getByText('扣减'));
    await waitFor(() => expect(screen.queryByText('确认收货赠送')).not.toBeInTheDocument());
    expect(server.calls('GET /api/user/points_log').at(-1)!.query.get('type')).toBe('2');
  });
});

const coupon = (over: Partial<MemberCouponView>): MemberCouponView => ({
  id: 1,
  name: '满500减30',
  kind: 'manjian',
  kind_text: '满减',
  type: 1,
  text: '满500.00减30.00',
  threshold: '500.00',
  amount: '30.00',
  rate: 1000,
  scope_text: '全场通用',
  description: '',
  valid_from: '2026-03-01 00:00:00',
  valid_to: '2026-06-01 00:00:00',
  status: 'unused',
  status_text: '未使用',
  not_started: 0,
  used_at: '',
  used_order_id: null,
  source: '平台发放',
  received_at: '2026-03-01 00:00:00',
  ...over,
});

describe('/yhq and /xjq', () => {
  it('/yhq shows coupons by status tab with the counts', async () => {
    const server = stubServer({
      'GET /api/user/base': () => ok(MEMBER),
      'GET /api/user/coupon': (c) => {
        const status = c.query.get('status');
        const list =
          status === 'expired'
            ? [coupon({ id: 9, name: '满200减20（已过期）', status: 'expired', status_text: '已过期' })]
            : status === 'unused'
              ? [
                  coupon({}),
                  coupon({
                    id: 2,
                    name: '西药95折券',
                    kind: 'discount',
                    kind_text: '折扣',
                    rate: 950,
                    amount: '0.00',
                    threshold: '0.00',
                  }),
                ]
              : [];
        return ok({ ...page(list), counts: { unused: 2, used: 0, expired: 1 } });
      },
    });
    const user = userEvent.setup();
    harness = renderRoutes('/yhq', { pages: (name) => name === 'wdqb_yhq' });
    expect(await screen.findByText('满500减30', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('9.5')).toBeInTheDocument();
    expect(screen.getByText('满500元可用')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '已过期（1）' })).toBeInTheDocument();
    expect(server.calls('GET /api/user/coupon')[0]!.query.get('type')).toBe('1');

    await user.click(screen.getByRole('tab', { name: '已过期（1）' }));
    const card = (await screen.findByText('满200减20（已过期）')).closest('[data-testid="coupon-card"]')!;
    expect(within(card as HTMLElement).getByText('已过期')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '已使用（0）' }));
    expect(await screen.findByText('暂无已使用的优惠券')).toBeInTheDocument();
  });

  it('/xjq lists cash vouchers (type 2)', async () => {
    const server = stubServer({
      'GET /api/user/base': () => ok(MEMBER),
      'GET /api/user/coupon': () =>
        ok({
          ...page([
            coupon({
              id: 5,
              name: '20元现金券',
              kind: 'cash',
              kind_text: '现金券',
              type: 2,
              threshold: '0.00',
              amount: '20.00',
            }),
          ]),
          counts: { unused: 1, used: 0, expired: 0 },
        }),
    });
    harness = renderRoutes('/xjq', { pages: (name) => name === 'wdqb_xjq' });
    expect(await screen.findByText('20元现金券', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('无门槛')).toBeInTheDocument();
    expect(server.calls('GET /api/user/coupon')[0]!.query.get('type')).toBe('2');
  });
});
