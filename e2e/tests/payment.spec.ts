import { expect, login, test, emptyCart } from './fixtures.js';

// Online payment goes to the development gateway's cashier page, which carries its own script
// under a nonce-based Content-Security-Policy (the site-wide policy allows no inline script).
test('online payment through the development simulator pays the order, and its page breaks no policy', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|apply|load)/.test(m.text())) violations.push(m.text());
  });
  await login(page);
  await emptyCart(page);

  await page.getByRole('searchbox', { name: '搜索' }).fill('阿莫西林');
  await page.getByRole('searchbox', { name: '搜索' }).press('Enter');
  await page.waitForURL(/\/search/);
  const card = page
    .getByRole('main')
    .locator('a')
    .filter({ hasText: '浙江永宁药业股份有限公司' })
    .filter({ hasText: '0.5g*48粒' });
  const added = page.waitForResponse(
    (r) => /\/api\/cart$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
  );
  await card.getByRole('button', { name: /加入购物车/ }).click();
  expect((await added).ok()).toBe(true);

  await page.getByRole('link', { name: /^我的购物车/ }).click();
  await page.waitForURL('**/cart');
  await page.getByRole('button', { name: '去结算' }).click();
  await page.waitForURL('**/cart/step2');
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/cart\/step3\/\d+/);
  const orderId = Number(/step3\/(\d+)/.exec(page.url())?.[1]);

  await page.getByRole('radio', { name: /在线支付/ }).check();
  await page.getByRole('button', { name: '去在线支付' }).click();
  await page.waitForURL(/\/api\/pay\/simulator\//);
  await expect(page.getByText('开发环境支付模拟器')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('simulator.png') });

  await page.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(new RegExp(`/cart/step4\\?id=${orderId}`));
  await expect(page.getByText('支付成功')).toBeVisible();
  expect(violations).toEqual([]);
});
