import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../../layout/SearchBox';
import { ok, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { defaultReplies } from '../../../layout/testing/render';
import { asMember, renderPages } from '../../../test/render-pages';
import { goods } from '../../../layout/testing/fixtures';

const WORDS: Record<string, string[]> = {
  amxl: ['阿莫西林胶囊', '阿莫西林颗粒', '阿莫西林克拉维酸钾片'],
  hrsj: ['华润三九医药股份有限公司'],
};

function renderBox(
  reply: (call: FetchCall) => StubReply | Promise<StubReply> = (c) =>
    ok(WORDS[c.query.get('keywords') ?? ''] ?? []),
) {
  const view = renderPages([{ path: '/', element: <SearchBox hot={[{ name: '布洛芬', url: '' }]} /> }], '/', {
    ...defaultReplies(),
    '/api/goods/search': reply,
  });
  const suggestCalls = () => view.calls.filter((c) => c.path === '/api/goods/search');
  return { ...view, suggestCalls };
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('search box suggestions', () => {
  it('looks up after a 500 ms pause and shows searching, then the words', async () => {
    let answer: (reply: StubReply) => void = () => undefined;
    const { suggestCalls } = renderBox(() => new Promise<StubReply>((resolve) => (answer = resolve)));
    const user = setup();
    await user.type(screen.getByRole('searchbox', { name: '搜索' }), 'amxl');
    await pause(400);
    expect(suggestCalls()).toHaveLength(0);
    await pause(100);
    expect(suggestCalls()).toHaveLength(1);
    expect(suggestCalls()[0]?.query.get('keywords')).toBe('amxl');
    expect(suggestCalls()[0]?.query.get('type')).toBe('0');
    expect(screen.getByText('搜索中…')).toBeInTheDocument();
    await act(async () => answer(ok(WORDS.amxl)));
    const list = await screen.findByRole('listbox', { name: '搜索建议' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(WORDS.amxl);
  });

  it('moves with the arrow keys and submits the highlighted word with Enter', async () => {
    renderBox();
    const user = setup();
    const input = screen.getByRole('searchbox', { name: '搜索' });
    await user.type(input, 'amxl');
    await pause(500);
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: '阿莫西林颗粒' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: '阿莫西林胶囊' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/search?keywords=${encodeURIComponent('阿莫西林颗粒')}&type=0`,
    );
  });

  it('closes with Esc, says 暂无数据 for no match, and submits the typed text with Enter', async () => {
    renderBox();
    const user = setup();
    const input = screen.getByRole('searchbox', { name: '搜索' });
    await user.type(input, 'amxl');
    await pause(500);
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input, 'q');
    await pause(500);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/search?keywords=amxlq&type=0');
  });

  it('searches manufacturers with the toggle and keeps the hot-search links', async () => {
    const { suggestCalls } = renderBox();
    const user = setup();
    expect(screen.getByRole('link', { name: '布洛芬' })).toHaveAttribute(
      'href',
      '/search?keywords=%E5%B8%83%E6%B4%9B%E8%8A%AC&type=0',
    );
    await user.type(screen.getByRole('searchbox', { name: '搜索' }), 'hrsj');
    // Switching to manufacturers after typing looks the same text up again as a maker.
    await user.click(screen.getByRole('radio', { name: '厂家' }));
    await pause(500);
    expect(await screen.findByRole('option', { name: '华润三九医药股份有限公司' })).toBeInTheDocument();
    expect(suggestCalls().at(-1)?.query.get('type')).toBe('1');
  });

  it('answers from session storage for 5 s, then looks up again', async () => {
    const { suggestCalls } = renderBox();
    const user = setup();
    const input = screen.getByRole('searchbox', { name: '搜索' });
    await user.type(input, 'amxl');
    await pause(500);
    await screen.findByRole('listbox');
    expect(suggestCalls()).toHaveLength(1);
    expect(Object.keys(sessionStorage).some((k) => k.includes('amxl'))).toBe(true);

    await user.clear(input);
    await user.type(input, 'amxl');
    await pause(500);
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(suggestCalls()).toHaveLength(1);

    await pause(5_000);
    await user.clear(input);
    await user.type(input, 'amxl');
    await pause(500);
    expect(await screen.findByRole('option', { name: '阿莫西林胶囊' })).toBeInTheDocument();
    expect(suggestCalls()).toHaveLength(2);
  });

  it('shows the goods under the words: spec, maker, price, stock, and adds a middle pack to the cart', async () => {
    const amx = goods(279, '阿莫西林胶囊', {
      trade_name: '阿莫仙',
      ypgg: '0.25g*24粒',
      sccj: '珠海联邦制药股份有限公司',
      price: '12.90',
      zbz: 10,
      number: 500,
      qg_number: 100,
    });
    const why = '现有批号效期最长至2027-03-01，不足您设置的12个月效期要求，下单时无法分配';
    const out = goods(280, '阿莫西林颗粒', {
      price: '9.90',
      number: 0,
      below_floor: { months: 12, latest: '2027-03-01', text: why },
    });
    const view = renderPages([{ path: '/', element: <SearchBox /> }], '/', {
      ...asMember({
        '/api/cart': ok({
          action: 1,
          total: 1,
          lines: [{ id: 1, goods_id: 279, type: 0, number: 10 }],
          price_changed: [],
        }),
      }),
      '/api/goods/search': ok(WORDS.amxl),
      '/api/goods/suggest_goods': ok({ keywords: 'amxl', list: [amx, out], total: 2000, total_capped: 1 }),
    });
    const user = setup();
    await user.type(screen.getByRole('searchbox', { name: '搜索' }), 'amxl');
    await pause(500);
    const section = await screen.findByRole('region', { name: '商品建议' });
    const call = view.calls.find((c) => c.path === '/api/goods/suggest_goods')!;
    expect(call.query.get('keywords')).toBe('amxl');
    const row = within(section).getByRole('listitem', { name: '阿莫西林胶囊' });
    expect(within(row).getByRole('link', { name: '阿莫仙 阿莫西林胶囊' })).toHaveAttribute(
      'href',
      '/list/info/279',
    );
    for (const text of ['0.25g*24粒', '珠海联邦制药股份有限公司', '有货'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByText(/12\.90/)).toBeInTheDocument();
    expect(within(row).getByRole('spinbutton', { name: '采购数量' })).toHaveValue('10');
    expect(within(section).getByText('暂时缺货')).toBeInTheDocument();
    // The goods under the member's shelf-life floor is tagged, with why; the other is not.
    const short = within(section).getByRole('listitem', { name: '阿莫西林颗粒' });
    expect(within(short).getByText('效期不足12个月')).toHaveAttribute('title', why);
    expect(within(row).queryByText(/^效期不足/)).toBeNull();
    expect(within(section).getByRole('link', { name: '共2000+件，查看全部' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '加入购物车' }));
    await pause(300);
    const add = await vi.waitFor(() => {
      const c = view.calls.find((x) => x.path === '/api/cart');
      if (!c) throw new Error('no add yet');
      return c;
    });
    const body = new URLSearchParams(add.body);
    expect(body.get('params[0][goods_id]')).toBe('279');
    expect(body.get('params[0][number]')).toBe('10');
  });
});
