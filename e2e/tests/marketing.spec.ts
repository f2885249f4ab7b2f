import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures.js';

/** The card (the nearest block with a button) that names `text`. */
const cardOf = (page: Page, text: string) =>
  page.getByRole('main').getByText(text, { exact: true }).locator('xpath=ancestor::div[.//button][1]');

test('a buyer claims a coupon in the coupon centre and finds it among their coupons', async ({ page }) => {
  await login(page);
  await page.goto('/lqzx');
  const card = cardOf(page, '新客满200减20');
  await card.getByRole('button', { name: '立即领取' }).click();
  await expect(page.getByText(/^领取成功，有效期至\d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: '已领取' })).toBeDisabled();

  await page.goto('/yhq');
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
