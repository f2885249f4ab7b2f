import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, SEARCH_PLACEHOLDERS } from '@kc/domain';
import { ok } from '../test/fetch-stub';
import { COMMON, MEMBER } from './testing/fixtures';
import { defaultReplies, renderLayout } from './testing/render';

const asMember = (user = MEMBER) => defaultReplies({ '/api/user/base': ok(user) });

afterEach(() => {
  vi.useRealTimers();
});

describe('header', () => {
  it('shows the member company linking to /user and a logout button', async () => {
    renderLayout('/', asMember());
    const company = await screen.findByRole('link', { name: MEMBER.company });
    expect(company).toHaveAttribute('href', '/user');
    expect(screen.getByRole('button', { name: '退出' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '登录' })).not.toBeInTheDocument();
  });

  it('offers login and registration to visitors', async () => {
    const { calls } = renderLayout('/');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/base')).toBe(true));
    expect(await screen.findByRole('link', { name: '登录' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/login/),
    );
    expect(screen.getByRole('link', { name: '免费注册' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '退出' })).not.toBeInTheDocument();
  });

  it('switches the search placeholder between medicine and manufacturer', async () => {
    renderLayout('/');
    const box = screen.getByRole('searchbox', { name: '搜索' });
    expect(box).toHaveAttribute('placeholder', SEARCH_PLACEHOLDERS[0]);
    await userEvent.click(screen.getByRole('radio', { name: '厂家' }));
    expect(box).toHaveAttribute('placeholder', SEARCH_PLACEHOLDERS[1]);
    await userEvent.click(screen.getByRole('radio', { name: '药品' }));
    expect(box).toHaveAttribute('placeholder', SEARCH_PLACEHOLDERS[0]);
  });

  it('submits the search to /search with keywords and type', async () => {
    const { router } = renderLayout('/');
    await userEvent.click(screen.getByRole('radio', { name: '厂家' }));
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索' }), 'hbzy{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?keywords=hbzy&type=1');
  });

  it('caps the cart badge at 99+', async () => {
    renderLayout('/', asMember({ ...MEMBER, cart: 120 }));
    const cart = await screen.findByRole('link', { name: /^我的购物车/ });
    await waitFor(() => expect(within(cart).getByText('99+')).toBeInTheDocument());
  });

  it('shows the assigned customer-service admin and the complaint hotline', async () => {
    renderLayout('/', asMember());
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('专属客服：李客服 13900000000')).toBeInTheDocument();
    expect(within(header).getByText('投诉热线：400-800-5678')).toBeInTheDocument();
  });
});

describe('quality-inspection report link', () => {
  it('opens the member report URL', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const quality_inspection = { quality_inspection_url: 'https://zj.example.cn/r?u=7', msg: '' };
    renderLayout('/', asMember({ ...MEMBER, quality_inspection }));
    await screen.findByRole('link', { name: MEMBER.company });
    await userEvent.click(screen.getByRole('button', { name: '质检报告查询' }));
    expect(open).toHaveBeenCalledWith('https://zj.example.cn/r?u=7', '_blank', 'noopener');
    open.mockRestore();
  });

  it('opens the platform’s own report search when the URL is a path', async () => {
    const quality_inspection = { quality_inspection_url: '/zjbg', msg: '' };
    const { router } = renderLayout('/', asMember({ ...MEMBER, quality_inspection }));
    await screen.findByRole('link', { name: MEMBER.company });
    await userEvent.click(screen.getByRole('button', { name: '质检报告查询' }));
    expect(await screen.findByText('质检报告页')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/zjbg');
  });

  it('shows the message when the member has no report URL', async () => {
    renderLayout('/', asMember());
    await screen.findByRole('link', { name: MEMBER.company });
    await userEvent.click(screen.getByRole('button', { name: '质检报告查询' }));
    expect(await screen.findByText(MEMBER.quality_inspection.msg)).toBeInTheDocument();
  });

  it('asks visitors to log in first, also from the login header', async () => {
    const { router } = renderLayout('/login');
    await userEvent.click(await screen.findByRole('button', { name: '质检报告查询' }));
    expect(await screen.findByText('登录后才能查询质检报告，是否现在登录？')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('category menu and nav', () => {
  it('lists only the first 7 roots, linking to the list with select and yx=1', async () => {
    renderLayout('/');
    const menu = await screen.findByRole('navigation', { name: '商品分类' });
    expect(await within(menu).findByRole('link', { name: '西药' })).toHaveAttribute(
      'href',
      '/list?select=1&yx=1',
    );
    expect(within(menu).getAllByRole('listitem')).toHaveLength(LIMITS.categoryMenuCount);
    expect(within(menu).queryByRole('link', { name: '兽药' })).not.toBeInTheDocument();
  });

  it('opens on hover away from home and shows the children flyout', async () => {
    renderLayout('/list');
    expect(screen.queryByRole('navigation', { name: '商品分类' })).not.toBeInTheDocument();
    await userEvent.hover(screen.getByText('全部商品分类'));
    const menu = await screen.findByRole('navigation', { name: '商品分类' });
    await userEvent.hover(within(menu).getByRole('link', { name: '中成药' }));
    expect(within(menu).getAllByRole('link', { name: '清热解毒' })[0]).toHaveAttribute(
      'href',
      '/list?select=202&yx=1',
    );
  });

  it('shows at most 9 nav items', async () => {
    renderLayout('/');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(LIMITS.navMaxItems));
  });
});

describe('footer', () => {
  it('shows the current year, the licences and the restricted-drugs notice', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T08:00:00+08:00'));
    renderLayout('/');
    expect(await screen.findByText(/© 2031 康采医药有限公司 版权所有/)).toBeInTheDocument();
    expect(screen.getByText('本网站不经营毒性、麻醉、精神、放射性药品及戒毒药品')).toBeInTheDocument();
    expect(screen.getByText(/药品经营许可证：浙AA5710001/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '会员注册' })).toHaveAttribute(
      'href',
      '/help_news_info/11/help',
    );
    expect(screen.getByRole('link', { name: '网站资质' })).toHaveAttribute('href', '/help/fwbz/wzzz?id=12');
  });

  it('does not repeat the label when the operator entered the whole sentence', async () => {
    const site = { ...COMMON.site, pharmacy_licence: '药品经营许可证：浙AA5710386' };
    renderLayout('/', defaultReplies({ '/api/common': ok({ ...COMMON, site }) }));
    expect(await screen.findByText('药品经营许可证：浙AA5710386')).toBeInTheDocument();
    expect(screen.queryByText(/药品经营许可证：药品经营许可证/)).not.toBeInTheDocument();
  });
});

describe('profile loading', () => {
  it('is not requested on the login route', async () => {
    const { calls } = renderLayout('/login');
    await screen.findByText('欢迎登录');
    // The footer's help call is issued after mount like the profile would be: once it is
    // there, a profile request would have been made too.
    await waitFor(() => expect(calls.some((c) => c.path === '/api/article/category')).toBe(true));
    expect(calls.filter((c) => c.path === '/api/user/base')).toHaveLength(0);
  });

  it('titles the slim header for registration and password pages, not 欢迎登录', async () => {
    renderLayout('/register/step1');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('会员注册')).toBeInTheDocument();
    expect(within(header).queryByText('欢迎登录')).not.toBeInTheDocument();
  });

  it('titles the slim header 找回密码 on the password pages', async () => {
    renderLayout('/forget/step1');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('找回密码')).toBeInTheDocument();
  });

  it('is not requested by the header on the member centre', async () => {
    const { calls } = renderLayout('/user');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/article/category')).toBe(true));
    expect(calls.filter((c) => c.path === '/api/user/base')).toHaveLength(0);
  });
});

describe('right toolbar', () => {
  it('offers the two QQ contacts when the member cannot chat', async () => {
    renderLayout('/', asMember({ ...MEMBER, is_can_chat: 0 }));
    await screen.findByRole('link', { name: MEMBER.company });
    const bar = screen.getByRole('complementary', { name: '右侧工具栏' });
    expect(within(bar).getByRole('link', { name: 'QQ客服1' })).toHaveAttribute(
      'href',
      expect.stringContaining('uin=800001'),
    );
    expect(within(bar).getByRole('link', { name: 'QQ客服2' })).toHaveAttribute(
      'href',
      expect.stringContaining('uin=800002'),
    );
    expect(within(bar).queryByRole('link', { name: '在线客服' })).not.toBeInTheDocument();
  });

  it('offers the built-in chat when the member may chat', async () => {
    renderLayout('/', asMember({ ...MEMBER, is_can_chat: 1 }));
    const bar = screen.getByRole('complementary', { name: '右侧工具栏' });
    expect(await within(bar).findByRole('link', { name: '在线客服' })).toHaveAttribute('href', '/kfzx');
    expect(within(bar).queryByRole('link', { name: /QQ客服/ })).not.toBeInTheDocument();
  });

  it('shows the 客服’s unread messages on the chat link', async () => {
    const { calls } = renderLayout(
      '/',
      defaultReplies({
        '/api/user/base': ok({ ...MEMBER, is_can_chat: 1 }),
        '/api/user/chat': ok({ conversation_id: 5, service: null, unread: 3 }),
      }),
    );
    const bar = screen.getByRole('complementary', { name: '右侧工具栏' });
    const chat = await within(bar).findByRole('link', { name: '在线客服' });
    await waitFor(() => expect(within(chat).getByText('3')).toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/api/user/chat')).toHaveLength(1);
  });

  it('does not ask for the chat’s unread count when the member cannot chat', async () => {
    const { calls } = renderLayout('/', asMember({ ...MEMBER, is_can_chat: 0 }));
    await screen.findByRole('link', { name: MEMBER.company });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/article/category')).toBe(true));
    expect(calls.some((c) => c.path === '/api/user/chat')).toBe(false);
  });

  it('opens the cart drawer from 40 to 310 px and shows its content after 200 ms', async () => {
    renderLayout('/', asMember());
    await screen.findByRole('link', { name: MEMBER.company });
    vi.useFakeTimers();
    const bar = screen.getByRole('complementary', { name: '右侧工具栏' });
    expect(bar).toHaveStyle({ width: `${LIMITS.cartDrawerClosedPx}px` });

    fireEvent.click(within(bar).getByRole('button', { name: '购物车' }));
    expect(bar).toHaveStyle({ width: `${LIMITS.cartDrawerOpenPx}px` });
    expect(within(bar).queryByRole('link', { name: '去购物车结算' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(LIMITS.cartDrawerContentDelayMs));
    expect(within(bar).getByRole('link', { name: '去购物车结算' })).toHaveAttribute('href', '/cart');

    fireEvent.click(within(bar).getByRole('button', { name: '购物车' }));
    expect(bar).toHaveStyle({ width: `${LIMITS.cartDrawerClosedPx}px` });
  });

  it('keeps the drawer closed on the cart page', async () => {
    renderLayout('/cart', asMember());
    const bar = screen.getByRole('complementary', { name: '右侧工具栏' });
    await userEvent.click(within(bar).getByRole('button', { name: '购物车' }));
    expect(bar).toHaveStyle({ width: `${LIMITS.cartDrawerClosedPx}px` });
  });

  it('shows the unread message count', async () => {
    renderLayout('/', asMember({ ...MEMBER, message_count: 5 }));
    const messages = await screen.findByRole('link', { name: /消息/ });
    expect(messages).toHaveAttribute('href', '/wdxx');
    await waitFor(() => expect(within(messages).getByText('5')).toBeInTheDocument());
  });
});

describe('cart progress and ads', () => {
  it('highlights the current checkout step', async () => {
    renderLayout('/cart/step2');
    const steps = screen.getByRole('list', { name: '购物流程' });
    expect(within(steps).getByText('确认订单').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(steps).getByText('我的购物车').closest('li')).not.toHaveAttribute('aria-current');
  });

  it('remembers closing the top-right ad for the session', async () => {
    const replies = defaultReplies({
      '/api/focus/top': ok({ id: 1, url: '/lqzx', image: '/media/3', title: '领券中心' }),
    });
    const first = renderLayout('/', replies);
    await userEvent.click(await screen.findByRole('button', { name: '关闭广告' }));
    expect(screen.queryByRole('link', { name: '领券中心' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('kc.topRightAd.closed')).toBe('1');
    first.unmount();

    const { calls } = renderLayout('/', replies);
    await screen.findByRole('searchbox', { name: '搜索' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/common')).toBe(true));
    expect(calls.filter((c) => c.path === '/api/focus/top')).toHaveLength(0);
  });
});

describe('layout defects of issue 17', () => {
  const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

  it('asks a browser that never signed in for no profile, and shows it the visitor header', async () => {
    document.cookie = 'kc_signed_in=; path=/; max-age=0';
    const { calls } = renderLayout('/');
    expect(await screen.findByRole('link', { name: '登录' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/common')).toBe(true));
    expect(calls.filter((c) => c.path === '/api/user/base')).toHaveLength(0);
  });

  it('shows the cart count on the sticky search bar', async () => {
    renderLayout('/', asMember({ ...MEMBER, cart: 7 }));
    await screen.findByRole('link', { name: MEMBER.company });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: LIMITS.stickySearchScrollPx + 10 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    const bar = await screen.findByRole('region', { name: '吸顶搜索' });
    const cart = within(bar).getByRole('link', { name: /购物车/ });
    expect(cart).toHaveAttribute('href', '/cart');
    await waitFor(() => expect(within(cart).getByText('7')).toBeInTheDocument());
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('keeps the bottom ad and the floating ad closed for the day once closed', async () => {
    localStorage.clear();
    const replies = defaultReplies({
      '/api/focus/common': ok([{ id: 9, url: '/help', image: '/media/10', title: '正品保障' }]),
      '/api/focus/dbxfc': ok([{ id: 10, url: '/jxqzc', image: '/media/11', title: '近效期专场' }]),
    });
    const first = renderLayout('/', replies);
    for (const name of ['底部广告', '底部悬浮广告']) {
      const ad = await screen.findByRole('complementary', { name });
      await userEvent.click(within(ad).getByRole('button', { name: '关闭广告' }));
      expect(screen.queryByRole('complementary', { name })).not.toBeInTheDocument();
    }
    expect(localStorage.getItem('kc_ad_closed_common')).toBe(chinaToday());
    expect(localStorage.getItem('kc_ad_closed_dbxfc')).toBe(chinaToday());
    first.unmount();

    // The next page load that day: neither ad is asked for, nor shown.
    const { calls } = renderLayout('/', replies);
    await screen.findByRole('contentinfo');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/common')).toBe(true));
    expect(calls.filter((c) => c.path === '/api/focus/common' || c.path === '/api/focus/dbxfc')).toHaveLength(
      0,
    );
    expect(screen.queryByRole('complementary', { name: '底部广告' })).not.toBeInTheDocument();
    localStorage.clear();
  });

  it('shows the bottom ads again on another day', async () => {
    localStorage.setItem('kc_ad_closed_common', '2020-01-01');
    renderLayout(
      '/',
      defaultReplies({
        '/api/focus/common': ok([{ id: 9, url: '/help', image: '/media/10', title: '正品保障' }]),
      }),
    );
    expect(await screen.findByRole('complementary', { name: '底部广告' })).toBeInTheDocument();
    localStorage.clear();
  });

  it('explains adding to the desktop in a tooltip with a title and the steps', async () => {
    renderLayout('/');
    const trigger = screen.getByRole('button', { name: '添加到桌面' });
    const tip = trigger.parentElement!.querySelector('[role="tooltip"]')!;
    expect(tip).toHaveTextContent('添加到桌面');
    expect(tip).toHaveTextContent('按 Ctrl+D（Mac 按 ⌘+D）将本站加入收藏夹');
    expect(tip).toHaveTextContent('将地址栏左侧的网站图标直接拖到桌面');
  });
});
