import type { Page } from '@playwright/test';
import { addResult, expect, login, test, emptyCart } from './fixtures.js';

/** The card (the nearest block with a button) that names `text`. */
const cardOf = (page: Page, text: string) =>
  page.getByRole('main').getByText(text, { exact: true }).locator('xpath=ancestor::div[.//button][1]');

test('a buyer claims a coupon in the coupon centre, finds it among their coupons and uses it at check order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page);
  await emptyCart(page);
  await page.goto('/lqzx');
  const card = cardOf(page, '新客满200减20');
  await card.getByRole('button', { name: '立即领取' }).click();
  await expect(page.getByText(/^领取成功，有效期至\d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: '已领取' })).toBeDisabled();

  await page.goto('/yhq');
  await expect(page.getByRole('main')).toContainText('新客满200减20');

  // Three goods over ¥200, then the claimed coupon chosen at check order.
  await addResult(page, '头孢拉定', { maker: '白云山制药总厂', spec: '0.5g*20粒' }, 1);
  await addResult(page, '头孢拉定', { maker: '海南海灵化学制药', spec: '0.25g*12粒' }, 2);
  await addResult(page, '阿莫西林', { maker: '浙江永宁药业股份有限公司', spec: '0.5g*48粒' }, 3);
  await page.getByRole('link', { name: /^我的购物车/ }).click();
  await page.waitForURL('**/cart');
  // One more middle pack of the first goods takes the order over ¥200.
  const row = page.getByRole('row').filter({ hasText: '0.5g*20粒' });
  await row.getByRole('button', { name: '增加数量' }).click();
  await expect(row.getByRole('spinbutton', { name: '采购数量' })).toHaveValue('10');
  await page.getByRole('button', { name: '去结算' }).click();
  await page.waitForURL('**/cart/step2');
  const coupons = page.getByRole('radiogroup', { name: '优惠券' });
  await coupons.getByRole('radio', { name: /新客满200减20/ }).check();
  await expect(coupons.getByRole('radio', { name: /新客满200减20/ })).toBeChecked();
  await expect(page.getByLabel('金额明细').getByLabel('优惠券')).toContainText('20.00');
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/cart\/step3\/\d+/);

  // Used by the order: it moves to the 已使用 tab.
  await page.goto('/yhq');
  await page
    .getByRole('main')
    .getByRole('tab', { name: /已使用/ })
    .click();
  await expect(page.getByRole('main')).toContainText('新客满200减20');
});

test('a buyer redeems a gift in the points mall and follows it in the points orders', async ({ page }) => {
  await login(page);
  await page.goto('/jfsc');
  const gift = '免洗手消毒凝胶 500ml';
  await cardOf(page, gift).getByRole('button', { name: '立即兑换' }).click();
  const dialog = page.getByRole('dialog', { name: '兑换礼品' });
  await expect(dialog).toContainText(gift);
  await dialog.getByRole('button', { name: /确认兑换/ }).click();
  const done = page.getByRole('dialog', { name: '兑换成功' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: '查看积分订单' }).click();
  await page.waitForURL(/\/jfdd/);
  await expect(page.getByRole('main')).toContainText(gift);
  await expect(page.getByRole('main').getByText('待发货').first()).toBeVisible();
});
