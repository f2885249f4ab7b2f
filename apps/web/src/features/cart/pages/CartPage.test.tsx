import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, type FetchCall } from '../../../test/fetch-stub';
import { asMember, renderPages, type PageReplies } from '../../../test/render-pages';
import { defaultReplies } from '../../../layout/testing/render';
import { LADDER_GOODS, PLAIN_GOODS, cartState, line, standardCart } from '../testing/fixtures';
import { CartPage } from './CartPage';

const ROUTES = [{ path: '/cart', element: <CartPage /> }];
const form = (call: FetchCall) => new URLSearchParams(call.body);
const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
const findRow = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

function renderCart(overrides: PageReplies = {}) {
  return renderPages(ROUTES, '/cart', {
    ...asMember({
      '/api/cart/list': ok(standardCart()),
      '/api/cart/next_hint': ok({
        activity: null,
        eligible_amount: '500.00',
        reduce_amount: '20.00',
        next: null,
        text: '再买500.00元可享满1000.00减80.00',
      }),
    }),
    ...overrides,
  });
}

describe('cart page', () => {
  it('shows lines with tier states, tags, totals, and the unavailable line unselected with its reason', async () => {
    renderCart();
    const ladder = await screen.findByRole('list', { name: '阶梯价' });
    expect(within(ladder).getByText('再买10盒享12.51元/盒')).toBeInTheDocument();
    expect(within(ladder).getByText('再买160盒享12.12元/盒')).toBeInTheDocument();
    const soldOut = row('维生素C片');
    expect(within(soldOut).getByRole('note')).toHaveTextContent('商品暂时缺货');
    expect(within(soldOut).getByRole('checkbox')).toBeDisabled();
    expect(within(soldOut).getByRole('checkbox')).not.toBeChecked();
    expect(within(row('阿莫西林胶囊')).getByRole('checkbox')).toBeChecked();
    expect(screen.getByLabelText('应付总额')).toHaveTextContent('¥495.00');
    expect(screen.getByText('满300.00减20.00（已达成）')).toBeInTheDocument();
    expect(await screen.findByText(/再买500.00元可享满1000.00减80.00/)).toBeInTheDocument();
    expect(screen.getByText(/再买¥300.00即可包邮/)).toBeInTheDocument();
  });

  it('shows the running 满返 with the reached tier and what more buys the next', async () => {
    const state = standardCart();
    state.activity_data.manfan = {
      id: 7,
      name: '满返大促',
      eligible_amount: '1200.00',
      back: '30.00',
      tiers: [
        { amount: '1000.00', back: '30.00', status: 1, text: '满1000返30' },
        { amount: '2000.00', back: '80.00', status: 0, text: '满2000返80' },
      ],
      next: { amount: '2000.00', back: '80.00', missing: '800.00' },
      text: '已满1000元，订单完成后返30元，再买¥800.00可返¥80',
    };
    renderCart({ '/api/cart/list': ok(state) });
    const panel = await screen.findByRole('region', { name: '满返活动' });
    expect(within(panel).getByText('满返大促')).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent(
      '参与满返金额 ¥1200.00，已满1000元，订单完成后返30元，再买¥800.00可返¥80',
    );
    expect(within(panel).getByText('满1000返30').closest('li')).toHaveAttribute('data-status', '1');
  });

  it('shows no 满返 panel when none runs', async () => {
    renderCart();
    await screen.findByRole('link', { name: '布洛芬缓释胶囊' });
    expect(screen.queryByRole('region', { name: '满返活动' })).not.toBeInTheDocument();
  });

  it('unselects a line through batch_select and shows the new totals', async () => {
    const after = standardCart();
    after.data = after.data.map((l) => (l.id === 12 ? { ...l, is_selected: 0 } : l));
    after.total = { ...after.total, selected_count: 1, order_amount: '531.00' };
    const { calls } = renderCart({ '/api/cart/batch_select': ok(after) });
    await screen.findByRole('link', { name: '布洛芬缓释胶囊' });
    await userEvent.click(within(row('布洛芬缓释胶囊')).getByRole('checkbox'));
    const call = calls.find((c) => c.path === '/api/cart/batch_select');
    expect(form(call!).getAll('ids[]')).toEqual(['12']);
    expect(form(call!).get('is_selected')).toBe('0');
    await waitFor(() => expect(screen.getByLabelText('应付总额')).toHaveTextContent('¥531.00'));
  });

  it('select all selects every available line, never the sold-out one', async () => {
    const start = standardCart();
    start.data = start.data.map((l) => (l.id === 13 ? l : { ...l, is_selected: 0 }));
    const { calls } = renderCart({
      '/api/cart/list': ok(start),
      '/api/cart/batch_select': ok(standardCart()),
    });
    await screen.findByRole('link', { name: '布洛芬缓释胶囊' });
    await userEvent.click(screen.getAllByRole('checkbox', { name: '全选' })[0]!);
    const call = calls.find((c) => c.path === '/api/cart/batch_select');
    expect(form(call!).getAll('ids[]').sort()).toEqual(['11', '12']);
    expect(form(call!).get('is_selected')).toBe('1');
  });

  it('asks 确定删除这件商品吗? before deleting a line', async () => {
    const after = cartState([line(11, LADDER_GOODS, 40)]);
    const { calls } = renderCart({ '/api/cart/batch_delete': ok(after, '删除成功') });
    await screen.findByRole('link', { name: '布洛芬缓释胶囊' });
    await userEvent.click(screen.getByRole('button', { name: '删除 布洛芬缓释胶囊' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除这件商品吗?');
    expect(calls.some((c) => c.path === '/api/cart/batch_delete')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '布洛芬缓释胶囊' })).not.toBeInTheDocument(),
    );
    const call = calls.find((c) => c.path === '/api/cart/batch_delete');
    expect(form(call!).getAll('ids[]')).toEqual(['12']);
  });

  it('names each reduction on a line with what it took off, and nothing on a line at list price', async () => {
    const state = standardCart();
    state.data[0] = line(11, LADDER_GOODS, 200, {
      reductions: [
        { kind: 'ladder', label: '阶梯价（满200盒）', amount: '156.00' },
        { kind: 'discount', label: '全场94折', amount: '145.40' },
        { kind: 'manjian', label: '满减分摊', amount: '20.00' },
      ],
    });
    renderCart({ '/api/cart/list': ok(state) });
    const reductions = within(await findRow('阿莫西林胶囊')).getByTestId('line-reductions');
    expect(reductions).toHaveAccessibleName('已优惠¥321.40');
    expect(within(reductions).getByText('阶梯价（满200盒） -¥156.00')).toBeInTheDocument();
    expect(within(reductions).getByText('全场94折 -¥145.40')).toBeInTheDocument();
    expect(within(reductions).getByText('满减分摊 -¥20.00')).toBeInTheDocument();
    expect(within(row('布洛芬缓释胶囊')).queryByTestId('line-reductions')).not.toBeInTheDocument();
  });

  it('steps by the middle pack, shows the reached tier at once, then the server state', async () => {
    let answer: (v: ReturnType<typeof ok>) => void = () => undefined;
    let edited = false;
    const after = cartState([line(11, LADDER_GOODS, 50), line(12, PLAIN_GOODS, 5, { raw_price: '8.00' })], {
      order_amount: '665.50',
    });
    const { calls } = renderCart({
      '/api/cart/list': () => ok(edited ? after : standardCart()),
      '/api/cart/11/edit': () =>
        new Promise((resolve) => (answer = resolve)).then(
          (r) => ((edited = true), r as ReturnType<typeof ok>),
        ),
    });
    const amoxicillin = await screen.findByRole('link', { name: '阿莫西林胶囊' });
    const tr = amoxicillin.closest('tr') as HTMLElement;
    await userEvent.click(within(tr).getByRole('button', { name: '增加数量' }));
    // Repriced in the browser by the domain rules before the server answers.
    expect(within(tr).getByText('已享12.51元/盒')).toBeInTheDocument();
    expect(within(tr).getByText('¥625.50')).toBeInTheDocument();
    // 50 × (12.90 − 12.51) = 19.50, named as the tier that gave it.
    expect(within(tr).getByTestId('line-reductions')).toHaveTextContent(/^阶梯价（满50盒） -¥19\.50$/);
    expect(within(tr).getByRole('spinbutton', { name: '采购数量' })).toHaveValue('50');
    const call = calls.find((c) => c.path === '/api/cart/11/edit');
    expect(form(call!).get('params[number]')).toBe('50');
    const lists = calls.filter((c) => c.path === '/api/cart/list').length;
    // The server answers with the line alone and the action flag: the cart is read again.
    answer(ok({ action: 1, line: after.data[0] }));
    await waitFor(() => expect(screen.getByLabelText('应付总额')).toHaveTextContent('¥665.50'));
    expect(calls.filter((c) => c.path === '/api/cart/list')).toHaveLength(lists + 1);
    expect(screen.queryByRole('link', { name: '维生素C片' })).not.toBeInTheDocument();
  });

  it('snaps a typed quantity to a whole middle pack and refuses to go under one pack', async () => {
    const edited = line(12, PLAIN_GOODS, 15, { raw_price: '8.00' });
    const { calls } = renderCart({ '/api/cart/12/edit': ok({ action: 1, line: edited }) });
    await screen.findByRole('link', { name: '布洛芬缓释胶囊' });
    const tr = row('布洛芬缓释胶囊');
    expect(within(tr).getByRole('button', { name: '减少数量' })).toBeDisabled();
    const input = within(tr).getByRole('spinbutton', { name: '采购数量' });
    await userEvent.clear(input);
    await userEvent.type(input, '12{Enter}');
    const call = calls.find((c) => c.path === '/api/cart/12/edit');
    expect(form(call!).get('params[number]')).toBe('15');
    // The buyer is told why 12 became 15.
    expect(await screen.findByRole('tooltip')).toHaveTextContent('已按中包装5盒调整为15盒');
  });

  it('shows why the checkout was refused, and goes to step 2 when it passes', async () => {
    const refusal = {
      can_checkout: false,
      problems: [
        {
          id: 12,
          goods_id: 280,
          name: '布洛芬缓释胶囊',
          reason: 'price_changed',
          message: '价格已由8.00元变为8.50元',
        },
      ],
      price_changed: [{ id: 12, goods_id: 280, old: '8.00', new: '8.50' }],
    };
    let refuse = true;
    const { calls } = renderCart({
      '/api/cart/checkout': () =>
        refuse ? fail(400, '价格已由8.00元变为8.50元', 400, refusal) : ok({ can_checkout: true, lines: [] }),
    });
    await screen.findByRole('link', { name: '布洛芬缓释胶囊' });
    await userEvent.click(screen.getByRole('button', { name: '去结算' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('布洛芬缓释胶囊：价格已由8.00元变为8.50元');
    expect(form(calls.find((c) => c.path === '/api/cart/checkout')!).getAll('ids[]')).toEqual(['11', '12']);
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: '去结算' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/cart/step2');
  });

  it('asks a visitor to log in and reads no cart', async () => {
    const { calls } = renderPages(ROUTES, '/cart', defaultReplies());
    expect(await screen.findByRole('link', { name: '立即登录' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fcart',
    );
    expect(calls.some((c) => c.path === '/api/cart/list')).toBe(false);
  });
});
