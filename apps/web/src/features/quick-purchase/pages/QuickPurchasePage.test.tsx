import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import qs from 'qs';
import type { FastBuyItem, QuickGoods, QuickMatchReply } from '@kc/domain';
import { ok } from '../../../test/fetch-stub';
import { defaultReplies } from '../../../layout/testing/render';
import { renderPages } from '../../../test/render-pages';
import { QuickPurchasePage } from './QuickPurchasePage';

const g = (id: number, name: string, over: Partial<QuickGoods> = {}): QuickGoods => ({
  id,
  name,
  trade_name: '',
  ypgg: '0.25g*24粒',
  sccj: '华北制药股份有限公司',
  approval_no: '',
  bzdw: '盒',
  zbz: 10,
  jzl: 0,
  round_to_case: 0,
  price: '12.90',
  number: 500,
  is_buy: 1,
  ck_id: 1,
  warehouse: '杭州仓',
  image: '',
  ...over,
});

const reply: QuickMatchReply = {
  rows: [
    {
      row: 2,
      code: 'YP001',
      name: '阿莫西林胶囊',
      ypgg: '0.25g*24粒',
      sccj: '华北制药',
      approval_no: '国药准字H13023964',
      wanted: 25,
      status: 'matched',
      matched_by: 'approval_no',
      goods: g(1, '阿莫西林胶囊'),
      candidates: [],
      quantity: 30,
      note: '已按中包装10盒调整为30盒',
    },
    {
      row: 3,
      code: 'YP002',
      name: '布洛芬',
      ypgg: '',
      sccj: '',
      approval_no: '',
      wanted: 7,
      status: 'ambiguous',
      matched_by: 'name',
      goods: null,
      candidates: [g(2, '布洛芬缓释胶囊', { zbz: 4, ypgg: '0.3g*20粒' }), g(3, '布洛芬片', { zbz: 1 })],
      quantity: 0,
      note: '匹配到多个商品，请选择',
    },
    {
      row: 4,
      code: '',
      name: '不存在的药',
      ypgg: '',
      sccj: '',
      approval_no: '',
      wanted: 1,
      status: 'unmatched',
      matched_by: null,
      goods: null,
      candidates: [],
      quantity: 0,
      note: '未找到相近商品',
    },
  ],
  summary: { total: 3, matched: 1, ambiguous: 1, unmatched: 1 },
};

describe('quick purchase (/kjcg)', () => {
  it('matches a pasted list, lets the buyer choose an ambiguous row and adds every chosen line in one call', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(
      [{ path: '/kjcg', element: <QuickPurchasePage /> }],
      '/kjcg',
      defaultReplies({
        '/api/quick_buy/match': ok(reply),
        '/api/quick_buy/cart': ok({ added: 2, skipped: [], remembered: 2, total: 2 }),
      }),
    );
    const start = await screen.findByRole('button', { name: '开始匹配' });
    expect(start).toBeDisabled();
    fireEvent.change(screen.getByLabelText('采购清单'), {
      target: { value: 'YP001\t阿莫西林胶囊\t0.25g*24粒\t华北制药\t25' },
    });
    await user.click(start);
    expect(await screen.findByText('已按中包装10盒调整为30盒')).toBeInTheDocument();
    expect(
      new URLSearchParams(calls.find((c) => c.path === '/api/quick_buy/match')!.body).get('text'),
    ).toContain('阿莫西林胶囊');
    expect(screen.getByText('已匹配·批准文号')).toBeInTheDocument();
    expect(screen.getByText('待选择')).toBeInTheDocument();
    expect(screen.getByText('未匹配')).toBeInTheDocument();
    expect(screen.getByText('未找到相近商品')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /加入购物车（1种）/ })).toBeEnabled();

    // Choosing a candidate fits the list's 7 to its middle pack of 4 and selects the row.
    await user.click(screen.getByLabelText('第3行选择商品'));
    await user.click(await screen.findByText(/^布洛芬缓释胶囊 \| 0.3g\*20粒/));
    expect(await screen.findByText('已按中包装4盒调整为8盒')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /加入购物车（2种）/ }));
    expect(await screen.findByText(/去购物车结算/)).toHaveAttribute('href', '/cart');
    const body = qs.parse(calls.find((c) => c.path === '/api/quick_buy/cart')!.body);
    expect(body.params).toEqual([
      { goods_id: '1', number: '30', code: 'YP001' },
      { goods_id: '2', number: '8', code: 'YP002' },
    ]);
  });

  it('shows the lines the cart refused with their reasons', async () => {
    const user = userEvent.setup();
    renderPages(
      [{ path: '/kjcg', element: <QuickPurchasePage /> }],
      '/kjcg',
      defaultReplies({
        '/api/quick_buy/match': ok({
          rows: [reply.rows[0]],
          summary: { total: 1, matched: 1, ambiguous: 0, unmatched: 0 },
        }),
        '/api/quick_buy/cart': ok({
          added: 0,
          skipped: [{ goods_id: 1, name: '阿莫西林胶囊', reason: '库存不足' }],
          remembered: 1,
          total: 0,
        }),
      }),
    );
    fireEvent.change(await screen.findByLabelText('采购清单'), { target: { value: '国药准字H13023964 25' } });
    await user.click(screen.getByRole('button', { name: '开始匹配' }));
    await user.click(await screen.findByRole('button', { name: /加入购物车（1种）/ }));
    expect(await screen.findByText('阿莫西林胶囊：库存不足')).toBeInTheDocument();
    expect(screen.getByText(/1种未能加入/)).toBeInTheDocument();
  });

  it('lists the goods bought regularly and buys one again at its last quantity', async () => {
    const user = userEvent.setup();
    const item: FastBuyItem = {
      goods: { ...g(5, '板蓝根颗粒', { zbz: 5, ypgg: '10g*20袋' }), goods_image: [] },
      last_price: '11.50',
      last_time: '2026-11-20 10:00:00',
      last_number: 12,
      buy_times: 3,
      total_number: 40,
    };
    const { calls } = renderPages(
      [{ path: '/kjcg', element: <QuickPurchasePage /> }],
      '/kjcg?tab=often',
      defaultReplies({
        '/api/user/fast_buy': (call) =>
          ok({
            list: call.query.get('order') === 'times' ? [item] : [],
            total: 1,
            page: 1,
            page_size: 10,
            total_page: 1,
          }),
        '/api/quick_buy/cart': ok({ added: 1, skipped: [], remembered: 0, total: 1 }),
      }),
    );
    const row = (await screen.findByRole('link', { name: '板蓝根颗粒' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('¥11.50')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-20')).toBeInTheDocument();
    expect(within(row).getByText('12盒')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '再次购买' }));
    expect(await screen.findByText('已将板蓝根颗粒 15盒加入购物车')).toBeInTheDocument();
    const body = qs.parse(calls.find((c) => c.path === '/api/quick_buy/cart')!.body);
    expect(body.params).toEqual([{ goods_id: '5', number: '15' }]);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/user/fast_buy').length).toBeGreaterThan(0),
    );
  });
});
