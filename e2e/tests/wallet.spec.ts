import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures.js';

/** The 类型 cells of the money-log table. */
const typeCells = (page: Page) => page.getByRole('main').locator('tbody tr td:nth-child(2)');

test('the balance page filters the money log by kind and by date', async ({ page }) => {
  await login(page);
  await page.goto('/yegl');
  const main = page.getByRole('main');
  await expect(main.getByText('账户余额（元）')).toBeVisible();
  await expect(typeCells(page).first()).toBeVisible();

  // By kind: every row shown is of the kind chosen.
  await main.getByLabel('类型').click();
  // The open list is rendered apart from the field.
  await page.locator('.ant-select-item-option[title="充值"]').click();
  await expect(typeCells(page).first()).toHaveText('充值');
  for (const text of await typeCells(page).allTextContents()) expect(text).toBe('充值');

  // By date: a range with no movement shows the empty text.
  await main.getByRole('button', { name: /重\s*置/ }).click();
  await main.getByPlaceholder('开始日期').click();
  await main.getByPlaceholder('开始日期').fill('2020-01-01');
  await main.getByPlaceholder('开始日期').press('Enter');
  await main.getByPlaceholder('结束日期').fill('2020-01-31');
  await main.getByPlaceholder('结束日期').press('Enter');
  await expect(main.getByText('暂无余额明细')).toBeVisible();

  await main.getByRole('button', { name: /重\s*置/ }).click();
  await expect(typeCells(page).first()).toBeVisible();
});

test('the points page lists the points log and my coupons are tabbed by status', async ({ page }) => {
  await login(page);
  await page.goto('/jfgl');
  await expect(page.getByRole('main')).toContainText('积分');
  await expect(page.getByRole('main').locator('tbody tr').first()).toBeVisible();

  await page.goto('/yhq');
  const main = page.getByRole('main');
  await expect(main.getByRole('tab', { name: /未使用/ })).toBeVisible();
  await main.getByRole('tab', { name: /已过期/ }).click();
  await expect(main.getByRole('tab', { name: /已过期/ })).toHaveAttribute('aria-selected', 'true');
});
