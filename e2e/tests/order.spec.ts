import { request as playwrightRequest } from '@playwright/test';
import { addResult, expect, login, payByBalance, test, emptyCart } from './fixtures.js';

const yuan = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('the whole purchase: search, three goods, a coupon, pay by balance, shipped, received, buy again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page);
  await emptyCart(page);
  await addResult(page, '头孢拉定', { maker: '白云山制药总厂', spec: '0.5g*20粒' }, 1);
  await addResult(page, '头孢拉定', { maker: '海南海灵化学制药', spec: '0.25g*12粒' }, 2);
  await addResult(page, '阿莫西林', { maker: '浙江永宁药业股份有限公司', spec: '0.5g*48粒' }, 3);

  // Cart → check order: the best coupon is applied by default.
  await page.getByRole('link', { name: /^我的购物车/ }).click();
  await page.waitForURL('**/cart');
  // Every line names what the running 全场94折 took off it (issue 17 §3).
  await expect(page.getByTestId('line-reductions')).toHaveCount(3);
  for (const r of await page.getByTestId('line-reductions').all())
    await expect(r).toContainText('全场94折 -¥');
  await page.screenshot({ path: test.info().outputPath('cart-reductions.png'), fullPage: true });
  await page.getByRole('button', { name: '去结算' }).click();
  await page.waitForURL('**/cart/step2');
  const breakdown = page.getByLabel('金额明细');
  await expect(breakdown.getByLabel('应付金额')).toBeVisible();
  await expect(breakdown.getByLabel('优惠券')).not.toHaveText(/¥0\.00/);
  // The lines' named coupon shares add up to the coupon of the breakdown.
  const shares = await page.locator('[data-testid="line-reductions"] [data-kind="coupon"]').allTextContents();
  expect(shares.length).toBeGreaterThan(0);
  const shared = shares.reduce((fen, t) => fen + Math.round(yuan(t) * 100), 0);
  expect(shared).toBe(Math.round(yuan(await breakdown.getByLabel('优惠券').textContent()) * 100));
  await page.screenshot({ path: test.info().outputPath('check-order-reductions.png'), fullPage: true });
  const payable = yuan(await breakdown.getByLabel('应付金额').textContent());
  expect(payable).toBeGreaterThan(0);

  // Place and pay by balance.
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/cart\/step3\/\d+/);
  const orderId = Number(/step3\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByRole('radio', { name: /余额支付/ })).toBeChecked();
  await payByBalance(page);
  await page.waitForURL(/\/cart\/step4/);
  await expect(page.getByText('支付成功')).toBeVisible();

  // The order shows 待发货 with the amount that was shown before placing it.
  await page.getByRole('link', { name: '查看订单' }).click();
  await page.waitForURL(`**/order/info/${orderId}`);
  await expect(page.getByText('待发货').first()).toBeVisible();
  const detail = page.getByRole('main');
  await expect(detail).toContainText(`¥${payable.toFixed(2)}`);
  await expect(detail).toContainText('批号');

  // The operator ships it (operator calls; the back office comes later).
  const operator = await playwrightRequest.newContext({ baseURL: page.url().replace(/\/order.*$/, '') });
  // Every write, the login included, echoes the XSRF-TOKEN cookie any GET /api sets (issue 15).
  await operator.get('/api/health');
  const xsrf = (await operator.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const auth = await operator.post('/api/admin/login', {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    form: { username: 'admin', password: 'admin123456' },
  });
  expect(((await auth.json()) as { code: number }).code).toBe(10000);
  const shipped = await operator.post(`/api/admin/orders/${orderId}/ship`, {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    form: { carrier: '顺丰速运', tracking_no: 'SF7788990011' },
  });
  expect(((await shipped.json()) as { code: number }).code).toBe(10000);
  await operator.dispose();

  // The buyer sees the shipment in the logistics timeline and confirms receipt.
  await page.reload();
  await expect(page.getByText('已发货').first()).toBeVisible();
  await expect(detail).toContainText('SF7788990011');
  await expect(detail).toContainText('仓库已发货，顺丰速运 运单号 SF7788990011');
  await page.getByRole('button', { name: '确认收货' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByText('已完成').first()).toBeVisible();

  // Buy again puts the three lines back in the cart.
  await page.getByRole('button', { name: '再次购买' }).first().click();
  await page.waitForURL('**/cart');
  await expect(page.getByRole('link', { name: /^我的购物车/ })).toHaveText('我的购物车3');
});
