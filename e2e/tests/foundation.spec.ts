import { DEMO, expect, login, test } from './fixtures.js';

test('home renders in Chinese from real data', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('康采医药网');
  await expect(page.getByText('西药').first()).toBeVisible();
  await expect(page.getByText(/不经营.*毒性.*麻醉.*精神.*放射性/)).toBeVisible();
  await expect(page.getByText(new RegExp(`©\\s*${new Date().getFullYear()}`))).toBeVisible();
  // Goods on the home page come from the seeded catalogue; visitors see 登录可见 instead of prices.
  await expect(page.getByText('登录可见').first()).toBeVisible();
});

test('the search toggle switches between medicine and manufacturer placeholders', async ({ page }) => {
  await page.goto('/');
  const box = page.getByPlaceholder('请输入药品名称（拼音首字母）');
  await expect(box).toBeVisible();
  await page.getByText('厂家', { exact: true }).first().click();
  await expect(page.getByPlaceholder('请输入生产厂家名称（拼音首字母）')).toBeVisible();
  await page.getByText('药品', { exact: true }).first().click();
  await expect(page.getByPlaceholder('请输入药品名称（拼音首字母）')).toBeVisible();
});

test('a member logs in, sees the company name, and logs out', async ({ page }) => {
  await login(page);
  await expect(page.getByRole('link', { name: DEMO.company })).toBeVisible();
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: DEMO.company })).toHaveCount(0);
  // The session is gone on the server too: a reload stays logged out.
  await page.reload();
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible();
});

test('a deep link survives a reload', async ({ page }) => {
  // The route title replaces index.html's site title once the page's chunk has loaded: wait
  // for the route's own title, not whatever the document shows first.
  const title = '支付配送 - 康采医药网';
  await page.goto('/help/pay');
  await expect(page).toHaveTitle(title);
  await page.reload();
  await expect(page).toHaveTitle(title);
  expect(new URL(page.url()).pathname).toBe('/help/pay');
});

test('unknown paths go to /404', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.waitForURL('**/404');
  await expect(page.getByText('您访问的页面不存在')).toBeVisible();
});

test('a 422 from the server shows its first field message', async ({ page }) => {
  await page.goto('/login');
  // The form validates first; send what the form allows but rewrite the request so the
  // server itself answers 422 (a username longer than 64 characters).
  await page.route('**/api/login', (route) =>
    route.continue({ postData: `username=${'x'.repeat(80)}&password=whatever` }),
  );
  await page.getByPlaceholder(/用户名|手机号/).fill('demo');
  await page.getByPlaceholder(/密码/).fill('demo123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('用户名过长')).toBeVisible();
});

test('a 5xx shows 系统繁忙', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/login', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 500, msg: '系统繁忙，请稍候再试', data: null }),
    }),
  );
  await page.getByPlaceholder(/用户名|手机号/).fill('demo');
  await page.getByPlaceholder(/密码/).fill('demo123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('系统繁忙，请稍候再试')).toBeVisible();
});
