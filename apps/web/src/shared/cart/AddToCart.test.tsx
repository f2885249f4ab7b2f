import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { goods } from '../../layout/testing/fixtures';
import { fail, ok, type FetchCall } from '../../test/fetch-stub';
import { asMember, renderPages } from '../../test/render-pages';
import { AddToCart } from './AddToCart';

const AMOXICILLIN = goods(279, '阿莫西林胶囊', { price: '12.90', zbz: 10, number: 500, qg_number: 100 });
const ROUTES = [{ path: '/list', element: <AddToCart goods={AMOXICILLIN} /> }];
const added = {
  action: 1,
  total: 4,
  lines: [{ id: 9, goods_id: 279, type: 0, number: 20 }],
  price_changed: [],
};
const form = (call: FetchCall) => new URLSearchParams(call.body);
/** A goods sold by the case: middle pack 12, case 24, quantities rounded up to a case. */
const CASED = goods(282, '葡萄糖注射液', { price: '3.00', zbz: 12, jzl: 24, round_to_case: 1, number: 500 });
const CASED_ADDED = { ...added, lines: [{ id: 9, goods_id: 282, type: 0, number: 24 }] };

describe('add to cart', () => {
  it('starts at one middle pack, steps by it, waits 200 ms and says 加入购物车成功', async () => {
    const { calls } = renderPages(ROUTES, '/list', asMember({ '/api/cart': ok(added) }));
    const input = screen.getByRole('spinbutton', { name: '采购数量' });
    expect(input).toHaveValue('10');
    await userEvent.click(screen.getByRole('button', { name: '增加数量' }));
    expect(input).toHaveValue('20');
    const started = Date.now();
    await userEvent.click(screen.getByRole('button', { name: /加入购物车/ }));
    expect(calls.some((c) => c.path === '/api/cart')).toBe(false);
    expect(await screen.findByText('加入购物车成功')).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    const body = form(calls.find((c) => c.path === '/api/cart')!);
    expect(body.get('params[0][goods_id]')).toBe('279');
    expect(body.get('params[0][number]')).toBe('20');
    expect(body.get('params[0][price]')).toBe('12.90');
    expect(body.get('params[0][ck_id]')).toBe('1');
  });

  it('steps a goods sold by the case in whole cases, and says when it rounded a quantity up to one', async () => {
    renderPages(
      [{ path: '/list', element: <AddToCart goods={CASED} /> }],
      '/list',
      asMember({ '/api/cart': ok(CASED_ADDED) }),
    );
    const input = screen.getByRole('spinbutton', { name: '采购数量' });
    expect(input).toHaveValue('24');
    await userEvent.click(screen.getByRole('button', { name: '增加数量' }));
    expect(input).toHaveValue('48');
  });

  it('tells the buyer a quantity chosen elsewhere went in as a full case', async () => {
    const { calls } = renderPages(
      [{ path: '/detail', element: <AddToCart goods={CASED} quantity={12} /> }],
      '/detail',
      asMember({ '/api/cart': ok(CASED_ADDED) }),
    );
    await userEvent.click(screen.getByRole('button', { name: /加入购物车/ }));
    expect(await screen.findByText('加入购物车成功，已按整件24盒调整为24盒')).toBeInTheDocument();
    expect(form(calls.find((c) => c.path === '/api/cart')!).get('params[0][number]')).toBe('12');
  });

  it('adds once for a double click', async () => {
    const { calls } = renderPages(ROUTES, '/list', asMember({ '/api/cart': ok(added) }));
    const button = screen.getByRole('button', { name: /加入购物车/ });
    await userEvent.dblClick(button);
    await screen.findByText('加入购物车成功');
    expect(calls.filter((c) => c.path === '/api/cart')).toHaveLength(1);
  });

  it("shows the server's reason when the add is refused", async () => {
    renderPages(
      ROUTES,
      '/list',
      asMember({ '/api/cart': fail(400, '您的经营范围不包含“抗生素制剂”，暂不能购买') }),
    );
    await userEvent.click(screen.getByRole('button', { name: /加入购物车/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('您的经营范围不包含“抗生素制剂”，暂不能购买')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('加入购物车成功')).not.toBeInTheDocument());
  });

  it.each([
    [
      {
        is_buy: 0,
        number: 500,
        buy_block: {
          rule: 'scope',
          reason: '您的经营范围不包含“抗生素制剂”，暂不能购买',
          unlock: '',
          link: '/zzzj',
        },
      },
      '暂不能购买',
      '您的经营范围不包含“抗生素制剂”，暂不能购买',
    ],
    [{ is_buy: 0, number: 500 }, '暂停销售', '该商品已暂停销售，恢复后即可采购'],
    [{ is_buy: 1, number: 0 }, '暂时缺货', '该商品暂无库存，到货后即可采购'],
  ] as const)('names why it cannot be added: %o → %s', async (state, label, reason) => {
    const g = { ...AMOXICILLIN, ...state } as typeof AMOXICILLIN;
    renderPages([{ path: '/list', element: <AddToCart goods={g} /> }], '/list', asMember({}));
    const button = screen.getByRole('button', { name: new RegExp(label) });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', reason);
  });

  it('does not open the card link it sits in', async () => {
    const card = [
      {
        path: '/list',
        element: (
          <Link to="/list/info/279">
            阿莫西林胶囊
            <AddToCart goods={AMOXICILLIN} iconOnly inLink size="small" />
          </Link>
        ),
      },
    ];
    const { router } = renderPages(card, '/list', asMember({ '/api/cart': ok(added) }));
    await userEvent.click(screen.getByRole('button', { name: '增加数量' }));
    await userEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    expect(await screen.findByText('加入购物车成功')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list');
  });
});
