import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import { goods } from '../../../layout/testing/fixtures';
import { defaultReplies } from '../../../layout/testing/render';
import { ListIndexPage, ListNoImagePage, ListTablePage, SearchIndexPage } from '../pages/ListPages';
import { asMember, page, renderPages } from '../../../test/render-pages';

const ROUTES = [
  { path: '/list', element: <ListIndexPage /> },
  { path: '/list_table', element: <ListTablePage /> },
  { path: '/list_no_image', element: <ListNoImagePage /> },
  { path: '/search', element: <SearchIndexPage /> },
];

const AMXL = goods(279, '阿莫西林胶囊', {
  trade_name: '阿莫仙',
  validity: '2027-06-28',
  zbz: 10,
  tags: [
    { name: '优', describe: '优选好货', is_show: 1 },
    { name: '满减', describe: '满100减10', is_show: 1 },
  ],
});
const approved = (g = AMXL) => ({ ...g, price: '12.90', base_price: '18.50', price_hint: null });

describe('goods list', () => {
  it('shows the grid with 登录可见 for a visitor and sends the category of the menu link', async () => {
    const { calls } = renderPages(
      ROUTES,
      '/list?select=101&yx=1',
      defaultReplies({ '/api/goods/list': page([AMXL]) }),
    );
    expect(await screen.findByText('阿莫仙 阿莫西林胶囊')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '西药 › 抗感染药' })).toBeInTheDocument();
    expect(screen.getByText('登录可见')).toBeInTheDocument();
    expect(screen.getByText('优')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('满减')).toHaveAttribute('data-tone', 'orange');
    const call = calls.find((c) => c.path === '/api/goods/list');
    expect(call?.query.get('select')).toBe('101');
    expect(call?.query.get('yx')).toBeNull();
    expect(screen.getByText('共 1 件商品')).toBeInTheDocument();
  });

  it('shows prices to an approved member, and the table and no-image views', async () => {
    const replies = asMember({
      '/api/goods/list': page([approved()]),
      '/api/favorite/check': ok({ goods_ids: [279] }),
    });
    renderPages(ROUTES, '/list_table', replies);
    const row = (await screen.findByRole('link', { name: '阿莫仙 阿莫西林胶囊' })).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('2027-06-28')).toBeInTheDocument();
    expect(cells.getByText('12.90')).toBeInTheDocument();
    // The member's favourite shows as such.
    expect(await cells.findByRole('button', { name: '取消收藏' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('link', { name: /无图/ }));
    const lines = await screen.findByRole('list', { name: '商品列表（无图）' });
    expect(within(lines).getByRole('link', { name: /阿莫西林胶囊/ })).toHaveAttribute(
      'href',
      '/list/info/279',
    );
    expect(within(lines).getByText('12.90')).toBeInTheDocument();
    expect(within(lines).queryByAltText('阿莫西林胶囊')).toBeNull();
  });

  it('tags goods under the member shelf-life floor in the grid, with why', async () => {
    const why = '现有批号效期最长至2027-03-01，不足您设置的12个月效期要求，下单时无法分配';
    const short = {
      ...approved(goods(281, '维生素C片')),
      below_floor: { months: 12, latest: '2027-03-01', text: why },
    };
    const long = { ...approved(), below_floor: null };
    const replies = asMember({ '/api/goods/list': page([short, long]) });
    renderPages(ROUTES, '/search?keywords=%E7%BB%B4', replies);
    const card = (await screen.findByText('维生素C片', { selector: 'div' })).closest('a') as HTMLElement;
    expect(within(card).getByText('效期不足12个月')).toHaveAttribute('title', why);
    // Only the short-dated goods is tagged.
    expect(screen.getAllByText(/^效期不足/)).toHaveLength(1);
    const other = screen.getByText('阿莫仙 阿莫西林胶囊', { selector: 'div' }).closest('a') as HTMLElement;
    expect(within(other).queryByText(/^效期不足/)).toBeNull();
  });

  it('tags goods under the member shelf-life floor in the table view too', async () => {
    const why = '现有批号效期最长至2027-03-01，不足您设置的12个月效期要求，下单时无法分配';
    const short = {
      ...approved(goods(281, '维生素C片')),
      below_floor: { months: 12, latest: '2027-03-01', text: why },
    };
    renderPages(ROUTES, '/list_table', asMember({ '/api/goods/list': page([short]) }));
    const row = (await screen.findByRole('link', { name: '维生素C片' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('效期不足12个月')).toHaveAttribute('title', why);
  });

  it('favourites from a card at once and says so', async () => {
    const user = userEvent.setup();
    let favourites: number[] = [];
    const { calls } = renderPages(
      ROUTES,
      '/list',
      asMember({
        '/api/goods/list': page([approved(), approved(goods(280, '布洛芬缓释胶囊'))]),
        '/api/favorite/check': () => ok({ goods_ids: favourites }),
        '/api/favorite': () => {
          favourites = [280];
          return ok({ goods_ids: [280] }, '收藏成功');
        },
      }),
    );
    const card = (await screen.findByText('布洛芬缓释胶囊', { selector: 'div' })).closest('a') as HTMLElement;
    await waitFor(() => expect(calls.some((c) => c.path === '/api/favorite/check')).toBe(true));
    await user.click(within(card).getByRole('button', { name: '收藏' }));
    expect(within(card).getByRole('button', { name: '取消收藏' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('收藏成功')).toBeInTheDocument();
    // The heart does not open the detail page.
    expect(screen.queryByTestId('location')).toBeNull();
    const post = calls.find((c) => c.path === '/api/favorite' && c.method === 'POST');
    expect(new URLSearchParams(post?.body).getAll('goods_ids[]')).toEqual(['280']);
  });

  it('changes sort, stock filter and page through the URL', async () => {
    const user = userEvent.setup();
    const list = Array.from({ length: 40 }, (_, i) => goods(i + 1, `商品${i + 1}`));
    const { calls } = renderPages(ROUTES, '/list', defaultReplies({ '/api/goods/list': page(list, 100) }));
    expect(await screen.findByText('商品1')).toBeInTheDocument();
    const lastList = () => calls.filter((c) => c.path === '/api/goods/list').at(-1)!.query;

    await user.click(screen.getByRole('button', { name: /销量/ }));
    await waitFor(() => expect(lastList().get('sort')).toBe('sales'));
    await user.click(screen.getByRole('button', { name: /价格/ }));
    await waitFor(() => expect(lastList().get('sort')).toBe('price'));
    await user.click(screen.getByRole('button', { name: /价格/ }));
    await waitFor(() => expect(lastList().get('order')).toBe('desc'));
    await user.click(screen.getByRole('checkbox', { name: '仅看有货' }));
    await waitFor(() => expect(lastList().get('in_stock')).toBe('1'));
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(lastList().get('page')).toBe('2'));
    expect(lastList().get('sort')).toBe('price');
  });

  it('shows a skeleton while the list loads', async () => {
    renderPages(ROUTES, '/list', defaultReplies({ '/api/goods/list': () => 'pending' }));
    expect(await screen.findByLabelText('加载中')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('shows 暂无数据 when nothing matches the search', async () => {
    const { calls } = renderPages(
      ROUTES,
      '/search?keywords=zzzz&type=1',
      defaultReplies({ '/api/goods/list': page([]) }),
    );
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '厂家“zzzz”的搜索结果' })).toBeInTheDocument();
    const q = calls.find((c) => c.path === '/api/goods/list')!.query;
    expect(q.get('keywords')).toBe('zzzz');
    expect(q.get('type')).toBe('1');
  });

  it('shows 2000+ when a broad search counts only up to the cap', async () => {
    renderPages(
      ROUTES,
      '/search?keywords=y',
      defaultReplies({
        '/api/goods/list': ok({
          list: [AMXL],
          total: 2000,
          page: 1,
          page_size: 40,
          total_page: 50,
          total_capped: 1,
        }),
      }),
    );
    expect(await screen.findByText('共 2000+ 件商品')).toBeInTheDocument();
  });

  it('names what typed initials stand for in the heading, not the raw letters', async () => {
    const { calls } = renderPages(
      ROUTES,
      '/search?keywords=amxl&type=0',
      defaultReplies({
        '/api/goods/list': page([AMXL]),
        '/api/goods/search': ok(['阿莫西林胶囊', '阿莫西林克拉维酸钾颗粒', '阿莫西林颗粒']),
      }),
    );
    expect(await screen.findByRole('heading', { name: '药品“阿莫西林”的搜索结果' })).toBeInTheDocument();
    // The results are still those of the initials.
    expect(calls.find((c) => c.path === '/api/goods/list')!.query.get('keywords')).toBe('amxl');
  });
});
