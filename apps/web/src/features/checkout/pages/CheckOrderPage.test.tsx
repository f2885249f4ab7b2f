import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, stubFetch, type FetchCall } from '../../../test/fetch-stub';
import { asMember, renderPages, type PageReplies } from '../../../test/render-pages';
import { queryClient } from '../../../app/query-client';
import { MEMBER } from '../../../layout/testing/fixtures';
import { renderRoutes } from '../../../test/router-harness';
import { CHECKOUT_PREVIEW_KEY } from '../../../shared/cart/keys';
import { amounts, checkOrder } from '../testing/fixtures';
import { CheckOrderPage } from './CheckOrderPage';

const ROUTES = [{ path: '/cart/step2', element: <CheckOrderPage /> }];
let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => {
  harness?.unmount();
  harness = undefined;
});
/** Busy machines run these tests alongside others: waits after a reply get some slack. */
const SLOW = { timeout: 5000 };
const form = (call: FetchCall) => new URLSearchParams(call.body);
const PLACED = {
  order_id: 88,
  order_no: 'KC202405010001',
  payable: '429.32',
  status: 0,
  is_hm: 0,
  pay_path: '/cart/step3/88',
  expires_at: '2099-01-01 00:00:00',
};

function renderStep2(overrides: PageReplies = {}) {
  const view = renderPages(ROUTES, '/cart/step2', {
    ...asMember({ '/api/order/preview': ok(checkOrder()) }),
    ...overrides,
  });
  const posts = () => view.calls.filter((c) => c.path === '/api/order');
  return { ...view, posts };
}

/** The page's own notice (the API client's 温馨提示 dialog says the message too). */
const notice = async (text: string) =>
  (await screen.findAllByRole('alert', {}, SLOW)).find((a) => a.textContent?.includes(text)) ?? null;
const submit = async () => userEvent.click(await screen.findByRole('button', { name: '提交订单' }));

describe('/cart/step2 确认订单', () => {
  it('prices the lines of the cart checkout and shows lines by warehouse and the breakdown', async () => {
    // Through the real routes table: /cart/step2 is wired to this page, members only.
    const { calls } = stubFetch((call) =>
      call.path === '/api/user/base'
        ? ok(MEMBER)
        : call.path === '/api/order/preview'
          ? ok(checkOrder())
          : fail(404, `no stub for ${call.path}`, 404),
    );
    harness = renderRoutes('/cart/step2', { pages: (name) => name === 'cart_step2' });
    // What the cart's 去结算 left for step 2.
    queryClient.setQueryData(CHECKOUT_PREVIEW_KEY, { can_checkout: true, lines: [{ id: 11 }, { id: 12 }] });
    expect(await screen.findByRole('region', { name: '广州仓' }, { timeout: 10_000 })).toHaveTextContent(
      '复方感冒灵片',
    );
    const preview = calls.find((c) => c.path === '/api/order/preview')!;
    expect(form(preview).getAll('ids[]')).toEqual(['11', '12']);
    expect(form(preview).has('coupon_id')).toBe(false);
    expect(
      within(screen.getByRole('region', { name: '杭州仓' })).getByText('阿莫西林胶囊'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '广州仓' })).getByText('含麻')).toBeInTheDocument();
    // The line names its tier and its share of the coupon.
    expect(
      within(screen.getByRole('region', { name: '杭州仓' })).getByTestId('line-reductions'),
    ).toHaveTextContent('已优惠¥31.95阶梯价（满20盒） -¥18.00优惠券分摊 -¥13.95');
    expect(
      within(screen.getByRole('region', { name: '广州仓' })).queryByTestId('line-reductions'),
    ).toBeNull();
    expect(screen.getAllByRole('cell', { name: '华润三九医药股份有限公司' })).toHaveLength(2);
    expect(screen.getByRole('definition', { name: '商品金额' })).toHaveTextContent('¥516.00');
    expect(screen.getByRole('definition', { name: '阶梯/特价优惠' })).toHaveTextContent('-¥18.00');
    expect(screen.getByRole('definition', { name: '满减' })).toHaveTextContent('-¥20.00');
    expect(screen.getByRole('definition', { name: '优惠券' })).toHaveTextContent('-¥30.00');
    expect(screen.getByRole('definition', { name: '现金券' })).toHaveTextContent('-¥0.00');
    expect(screen.getByRole('definition', { name: '全场94折' })).toHaveTextContent('-¥28.68');
    expect(screen.getByRole('definition', { name: '运费' })).toHaveTextContent('¥10.00');
    expect(screen.getByText('满¥800.00包邮，还差¥370.68')).toBeInTheDocument();
    expect(screen.getByRole('definition', { name: '应付金额' })).toHaveTextContent('¥429.32');
    // The best coupon is preselected; the unusable one is greyed with its reason.
    expect(screen.getByRole('radio', { name: /满300减30/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /满2000减200/ })).toBeDisabled();
    expect(screen.getByText('还差¥1530.68可用')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /张三/ })).toBeChecked();
  });

  it('says what the order earns back once it completes (满返)', async () => {
    const manfan = {
      id: 7,
      name: '满1000返30',
      eligible_amount: '1200.00',
      back: '30.00',
      tiers: [{ amount: '1000.00', back: '30.00', status: 1 as const, text: '满1000返30' }],
      next: null,
      text: '已满1000元，订单完成后返30元',
    };
    const base = checkOrder();
    renderStep2({ '/api/order/preview': ok(checkOrder({ activity: { ...base.activity, manfan } })) });
    expect(await screen.findByRole('definition', { name: '满返' }, SLOW)).toHaveTextContent(
      '订单完成后返 ¥30.00',
    );
  });

  it('shows no 满返 row when none runs', async () => {
    renderStep2();
    await screen.findByRole('definition', { name: '应付金额' }, SLOW);
    expect(screen.queryByRole('definition', { name: '满返' })).not.toBeInTheDocument();
  });

  it('re-prices when another coupon is chosen, and with no coupon', async () => {
    const { calls } = renderStep2({
      '/api/order/preview': (call) => {
        const id = form(call).get('coupon_id');
        if (id === '502')
          return ok(
            checkOrder({ coupon_id: 502, amounts: amounts({ coupon_amount: '10.00', payable: '449.32' }) }),
          );
        if (id === '0')
          return ok(
            checkOrder({ coupon_id: 0, amounts: amounts({ coupon_amount: '0.00', payable: '459.32' }) }),
          );
        return ok(checkOrder());
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: /满200减10/ }));
    await waitFor(() =>
      expect(screen.getByRole('definition', { name: '应付金额' })).toHaveTextContent('¥449.32'),
    );
    expect(screen.getByRole('definition', { name: '优惠券' })).toHaveTextContent('-¥10.00');
    expect(screen.getByRole('radio', { name: /满200减10/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '不使用优惠券' }));
    await waitFor(() =>
      expect(screen.getByRole('definition', { name: '应付金额' })).toHaveTextContent('¥459.32'),
    );
    const sent = calls.filter((c) => c.path === '/api/order/preview').map((c) => form(c).get('coupon_id'));
    expect(sent).toEqual([null, '502', '0']);
  });

  it('takes a refused coupon choice back and keeps the page', async () => {
    const { calls } = renderStep2({
      '/api/order/preview': (call) =>
        form(call).get('coupon_id') === '502' ? fail(400, '优惠券已失效') : ok(checkOrder()),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /满200减10/ }));
    expect(await screen.findByText('优惠券已失效', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /满300减30/ })).toBeChecked());
    expect(screen.getByRole('definition', { name: '应付金额' })).toHaveTextContent('¥429.32');
    const sent = calls.filter((c) => c.path === '/api/order/preview').map((c) => form(c).get('coupon_id'));
    expect(sent.slice(0, 2)).toEqual([null, '502']);
  });

  it('asks for every tax detail of a 增值税专用发票 before sending anything', async () => {
    const { posts } = renderStep2({ '/api/order': ok(PLACED) });
    await userEvent.click(await screen.findByRole('radio', { name: '增值税专用发票' }));
    // The company's title and tax number come prefilled.
    expect(screen.getByLabelText('发票抬头')).toHaveValue('杭州康城大药房有限公司');
    await submit();
    expect(await screen.findByText('请填写开户银行')).toBeInTheDocument();
    expect(screen.getByText('请填写银行账号')).toBeInTheDocument();
    expect(screen.getByText('请填写注册地址')).toBeInTheDocument();
    expect(screen.getByText('请填写注册电话')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('纳税人识别号'));
    await userEvent.type(screen.getByLabelText('纳税人识别号'), 'abc');
    expect(await screen.findByText('请填写正确的纳税人识别号')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('sends the payable shown and one idempotency key, the same on a retry, then goes to pay', async () => {
    let attempt = 0;
    const { posts } = renderStep2({
      '/api/order': () => (++attempt === 1 ? fail(500, 'db down', 500) : ok(PLACED)),
    });
    await userEvent.type(await screen.findByLabelText('备注'), '请尽快发货');
    await userEvent.click(screen.getByRole('radio', { name: '普通发票' }));
    await submit();
    await waitFor(() => expect(posts()).toHaveLength(1));
    const first = form(posts()[0]!);
    expect(first.get('expected_payable')).toBe('429.32');
    expect(first.get('idempotency_key')).toMatch(/^[\w-]{8,64}$/);
    expect(first.get('address_id')).toBe('1');
    expect(first.get('coupon_id')).toBe('501');
    expect(first.get('voucher_id')).toBe('0');
    expect(first.getAll('ids[]')).toEqual(['11', '12']);
    expect(first.get('remark')).toBe('请尽快发货');
    expect(first.get('invoice_type')).toBe('1');
    expect(first.get('tax_no')).toBe('91330100MA2AXXXX1X');
    expect(first.get('invoice_bank')).toBe('');
    await submit();
    expect(await screen.findByTestId('location', {}, SLOW)).toHaveTextContent('/cart/step3/88');
    expect(posts()).toHaveLength(2);
    expect(form(posts()[1]!).get('idempotency_key')).toBe(first.get('idempotency_key'));
  });

  it('makes one order of a double click, the button busy until the reply', async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => undefined;
    const { posts } = renderStep2({ '/api/order': () => new Promise((resolve) => (answer = resolve)) });
    await userEvent.dblClick(await screen.findByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /提交订单/ })).toHaveClass('ant-btn-loading'),
    );
    await userEvent.click(screen.getByRole('button', { name: /提交订单/ }));
    expect(posts()).toHaveLength(1);
    answer(ok(PLACED));
    expect(await screen.findByTestId('location', {}, SLOW)).toHaveTextContent('/cart/step3/88');
  });

  it('shows the new amount when it changed, and submits it with the same key', async () => {
    const changed = checkOrder({ amounts: amounts({ payable: '439.32', shipping_amount: '20.00' }) });
    let attempt = 0;
    const { posts } = renderStep2({
      '/api/order': () =>
        ++attempt === 1
          ? fail(400, '订单金额已变动，请确认后再提交', 400, { amount_changed: 1, preview: changed })
          : ok(PLACED),
    });
    await submit();
    const shown = await notice('最新应付金额为¥439.32');
    expect(shown).toHaveTextContent('订单金额已变动，请确认后再提交');
    expect(screen.getByRole('definition', { name: '应付金额' })).toHaveTextContent('¥439.32');
    await submit();
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(form(posts()[1]!).get('expected_payable')).toBe('439.32');
    expect(form(posts()[1]!).get('idempotency_key')).toBe(form(posts()[0]!).get('idempotency_key'));
  });

  it('shows the lines out of stock with a way back to the cart', async () => {
    renderStep2({
      '/api/order': fail(400, '库存不足：阿莫西林胶囊仅剩5盒', 400, {
        problems: [
          { id: 11, goods_id: 111, name: '阿莫西林胶囊', reason: 'stock', message: '库存不足，仅剩5盒' },
        ],
      }),
    });
    await submit();
    const shown = await notice('阿莫西林胶囊：库存不足，仅剩5盒');
    expect(shown).not.toBeNull();
    expect(within(shown!).getByRole('link', { name: '返回购物车修改' })).toHaveAttribute('href', '/cart');
  });

  it('adds an address in a dialog and prices with it', async () => {
    const { calls } = renderStep2({
      '/api/user/address': ok({
        id: 3,
        consignee: '王五',
        phone: '13900000003',
        region: '浙江省宁波市',
        address: '中山路3号',
        is_default: 0,
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: '新增收货地址' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('收货人'), '王五');
    await userEvent.type(within(dialog).getByLabelText('手机号码'), '13900000003');
    await userEvent.type(within(dialog).getByLabelText('所在地区'), '浙江省宁波市');
    await userEvent.type(within(dialog).getByLabelText('详细地址'), '中山路3号');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/order/preview' && form(c).get('address_id') === '3')).toBe(
        true,
      ),
    );
    expect(form(calls.find((c) => c.path === '/api/user/address')!).get('consignee')).toBe('王五');
  });
});
