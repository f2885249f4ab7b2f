import { test as base, expect, type Browser, type Page } from '@playwright/test';

export const HOME_TITLE = '康采医药网';

export const DEMO = { username: 'demo', password: 'demo123456', company: '杭州康宁大药房有限公司' } as const;
/** The demo buyers' payment password (余额支付), as the seed sets it. */
export const DEMO_PAY_PASSWORD = '246810';

/** On the pay page with 余额支付 chosen: 确认支付, then the payment password in the confirmation. */
export async function payByBalance(page: Page, password: string = DEMO_PAY_PASSWORD): Promise<void> {
  await page.getByRole('button', { name: '确认支付' }).click();
  const dialog = page.getByRole('dialog', { name: '确认余额支付' });
  await dialog.getByLabel('支付密码').fill(password);
  await dialog.getByRole('button', { name: '确认支付' }).click();
}

/** Logs in through the real login page. */
export async function login(page: Page, user: { username: string; password: string } = DEMO): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder(/用户名|手机号/).fill(user.username);
  await page.getByPlaceholder(/密码/).fill(user.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // The router commits the new page in a transition after the URL changes; the title is set on
  // commit, so waiting for it means the home page is what the next action acts on.
  await expect(page).toHaveTitle(HOME_TITLE);
}

/** The demo operators' password (管理员 admin, 客服 kefu, 仓库 cangku, 财务 caiwu). */
export const OPERATOR_PASSWORD = 'admin123456';

/** Signs an operator in through /admin/login, in a browser context of its own. */
export async function operatorPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/');
  await expect(page.getByRole('menu')).toBeVisible();
  return page;
}

/**
 * Every journey's buyer has closed today's prize-draw pop-up (it stays closed for the day:
 * features/draw/DrawPopup.tsx), so it does not cover the page a journey acts on. A journey
 * about the pop-up itself uses `browser.newContext()` without this.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      const chinaToday = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
      // The test project has no DOM types; this runs in the page.
      const store = (globalThis as { localStorage?: { setItem(key: string, value: string): void } })
        .localStorage;
      store?.setItem('kc_draw_closed', chinaToday);
    });
    await use(page);
  },
});
export { expect };

/** Adds the first purchasable result of a search to the cart (one middle pack). */
export async function addResult(
  page: Page,
  keyword: string,
  card: { maker: string; spec: string },
  lines: number,
) {
  await page.getByRole('searchbox', { name: '搜索' }).fill(keyword);
  await page.getByRole('searchbox', { name: '搜索' }).press('Enter');
  await page.waitForURL(/\/search/);
  // The card of one goods, told apart from its namesakes by maker and specification.
  const found = page
    .getByRole('main')
    .locator('a')
    .filter({ hasText: card.maker })
    .filter({ hasText: card.spec });
  await found.getByRole('button', { name: /加入购物车/ }).click();
  await expect(page.getByRole('link', { name: /^我的购物车/ })).toHaveText(`我的购物车${lines}`);
}

/**
 * Empties the logged-in member's cart through the cart calls, so a journey that builds a cart
 * does not depend on what an earlier journey of the same demo member left in it (the browser
 * tests share one database and run in file order).
 */
export async function emptyCart(page: Page): Promise<void> {
  const list = await page.request.get('/api/cart/list');
  const lines = ((await list.json()) as { data: { data: { id: number }[] } }).data.data;
  if (lines.length === 0) return;
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await page.request.post('/api/cart/batch_delete', {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    form: Object.fromEntries(lines.map((line, i) => [`ids[${i}]`, String(line.id)])),
  });
  expect(((await reply.json()) as { code: number }).code).toBe(10000);
  // The header's count comes from the page's own queries: reload so it shows the empty cart
  // (an empty cart shows no badge).
  await page.reload();
  await expect(page.getByRole('link', { name: /^我的购物车/ })).toHaveText('我的购物车');
}
