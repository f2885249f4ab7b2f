import { expect, HOME_TITLE, login, test, emptyCart } from './fixtures.js';
import type { Page } from '@playwright/test';

/** The search result card of one goods, told apart from its namesakes by maker and specification. */
const resultCard = (page: Page, maker: string, spec: string) =>
  page.getByRole('main').locator('a').filter({ hasText: maker }).filter({ hasText: spec });

const cartRow = (page: Page, name: string, spec: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name }) })
    .filter({ hasText: spec });

test('search, add, change a quantity across a ladder tier, select, delete, and see the same cart in the drawer', async ({
  page,
}) => {
  await login(page);
  await emptyCart(page);

  // Search and add two goods from the result cards (one middle pack each).
  await page.getByRole('searchbox', { name: '搜索' }).fill('头孢拉定');
  await page.getByRole('searchbox', { name: '搜索' }).press('Enter');
  await page.waitForURL(/\/search/);
  const ladderGoods = resultCard(page, '白云山制药总厂', '0.5g*20粒');
  await ladderGoods.getByRole('button', { name: /加入购物车/ }).click();
  await expect(page.getByText('加入购物车成功')).toBeVisible();
  const other = resultCard(page, '海南海灵化学制药', '0.25g*12粒');
  await other.getByRole('button', { name: /加入购物车/ }).click();
  await expect(page.getByText('加入购物车成功').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^我的购物车/ })).toContainText('2');

  // The cart: 5 boxes of the ladder goods are short of the 10-box tier.
  await page.getByRole('link', { name: /^我的购物车/ }).click();
  await page.waitForURL('**/cart');
  const row = cartRow(page, '头孢拉定胶囊', '0.5g*20粒');
  await expect(row.getByText('再买5盒享18.04元/盒')).toBeVisible();
  await expect(row.getByRole('spinbutton', { name: '采购数量' })).toHaveValue('5');
  const payable = page.getByLabel('应付总额');
  const before = await payable.textContent();

  // One more middle pack reaches the tier: its state and the total change.
  await row.getByRole('button', { name: '增加数量' }).click();
  await expect(row.getByRole('spinbutton', { name: '采购数量' })).toHaveValue('10');
  await expect(row.getByText('已享18.04元/盒')).toBeVisible();
  await expect(row.getByText('再买40盒享17.48元/盒')).toBeVisible();
  await expect(payable).not.toHaveText(before ?? '');

  // Unselect the other line, then select it again: the selection count follows.
  const otherRow = cartRow(page, '头孢拉定胶囊', '0.25g*12粒');
  await otherRow.getByRole('checkbox').uncheck();
  await expect(page.getByText('共 2 种商品，已选 1 种')).toBeVisible();
  await otherRow.getByRole('checkbox').check();
  await expect(page.getByText('共 2 种商品，已选 2 种')).toBeVisible();

  // Delete it after the confirmation.
  await otherRow.getByRole('button', { name: '删除 头孢拉定胶囊' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定删除这件商品吗?');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(otherRow).toHaveCount(0);
  await expect(page.getByText('共 1 种商品，已选 1 种')).toBeVisible();
  const total = (await payable.textContent())?.replace('¥', '') ?? '';

  // The drawer (closed on the cart page) shows the same cart elsewhere.
  await page.getByRole('button', { name: '购物车', exact: true }).click();
  await expect(page.getByRole('button', { name: '购物车', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await page.getByRole('link', { name: '继续购物' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // A click before the home page has committed would be answered by the cart page's toolbar
  // (which keeps the drawer closed): act on the page the buyer sees.
  await expect(page).toHaveTitle(HOME_TITLE);
  await page.getByRole('button', { name: '购物车', exact: true }).click();
  await expect(page.getByRole('button', { name: '购物车', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const drawer = page.getByRole('list', { name: '购物车商品' });
  await expect(drawer.getByRole('listitem')).toHaveCount(1);
  await expect(drawer).toContainText('0.5g*20粒');
  await expect(drawer).toContainText('×10盒');
  await expect(page.getByRole('complementary', { name: '右侧工具栏' })).toContainText(`¥${total}`);
});
