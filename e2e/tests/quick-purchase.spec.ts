import type { Page } from '@playwright/test';
import { emptyCart, expect, login, test } from './fixtures.js';

const HEADER = ['商品编码', '商品名称', '规格', '生产厂家', '数量'].join('\t');
// The buyer's ERP export: one row names its goods fully, one by name alone (several goods carry
// it), one names nothing the catalogue has.
const LIST = [
  HEADER,
  ['KN-0101', '头孢拉定胶囊', '0.5g*20粒', '白云山制药总厂', '7'].join('\t'),
  ['KN-0102', '头孢拉定胶囊', '', '', '12'].join('\t'),
  ['KN-0199', '康采测试不存在的药', '', '', '3'].join('\t'),
].join('\n');

const listRow = (page: Page, n: string) =>
  page.getByRole('row').filter({ has: page.getByText(`编码 KN-01${n}`) });

async function pasteAndMatch(page: Page, text: string) {
  await page.getByRole('textbox', { name: '采购清单' }).fill(text);
  await page.getByRole('button', { name: '开始匹配' }).click();
}

test('quick purchase: a pasted list matched, completed and put in the cart, then the same list matched by code', async ({
  page,
}, testInfo) => {
  await login(page);
  await emptyCart(page);
  await page.goto('/kjcg');
  await expect(page.getByRole('heading', { name: '快捷采购' })).toBeVisible();

  await pasteAndMatch(page, LIST);
  await expect(page.getByText('共 3 行')).toBeVisible();
  const full = listRow(page, '01');
  await expect(full.getByText('已匹配·名称规格厂家')).toBeVisible();
  // 7 boxes do not make a middle pack of 5: the page says what it bought instead.
  await expect(full.getByText('已按中包装5盒调整为10盒')).toBeVisible();
  await expect(full.getByRole('spinbutton')).toHaveValue('10');

  const byName = listRow(page, '02');
  await expect(byName.getByText('待选择')).toBeVisible();
  await byName.getByRole('combobox').click();
  // antd's options list (its accessible copy holds only the value).
  await page.locator('.ant-select-item-option').filter({ hasText: '0.25g*12粒' }).first().click();
  await expect(byName.getByText('已选择')).toBeVisible();
  await expect(byName.getByRole('spinbutton')).not.toHaveValue('');

  const none = listRow(page, '99');
  await expect(none.getByText('未匹配')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('quick-purchase-matched.png'), fullPage: true });

  await page.getByRole('button', { name: /加入购物车（2种）/ }).click();
  await expect(page.getByText(/已加入购物车2种商品。/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^我的购物车/ })).toContainText('2');

  // The next time, the same codes match by themselves, the name-only row included.
  await page.reload();
  await pasteAndMatch(page, LIST);
  await expect(listRow(page, '01').getByText('已匹配·商品编码')).toBeVisible();
  await expect(listRow(page, '02').getByText('已匹配·商品编码')).toBeVisible();
  await expect(page.getByRole('button', { name: /加入购物车（2种）/ })).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('quick-purchase-by-code.png'), fullPage: true });

  // The regular-purchase tab lists the demo order history, each one click from the cart.
  await page.getByRole('tab', { name: '常购商品' }).click();
  await expect(page.getByRole('button', { name: '再次购买' }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('quick-purchase-often.png'), fullPage: true });
  await page.getByRole('button', { name: '再次购买' }).first().click();
  await expect(page.getByText(/^已将.+加入购物车$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^我的购物车/ })).toContainText('3');
});
