import { emptyCart, expect, login, test } from './fixtures.js';

// Issue 17 §1–2: polyphones typed with either reading, English generic names, the dropdown's goods.

test('initials typed with another reading of a polyphone find the goods; so does the English name', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: '搜索' }).first();
  await box.click();
  // 参苓白术散 is shēn líng bái zhú; many buyers read 参 cān.
  await box.pressSequentially('clbz');
  const suggestions = page.getByRole('listbox', { name: '搜索建议' });
  await expect(suggestions.getByRole('option', { name: /参苓白术/ }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('search-polyphone-dropdown.png') });
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?keywords=clbz&type=0/);
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /参苓白术/ })
      .first(),
  ).toBeVisible();
  await page.goto('/search?keywords=amoxicillin&type=0');
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /阿莫西林/ })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('search-amoxicillin.png') });
});

test('a member adds a middle pack to the cart from the dropdown', async ({ page }) => {
  await login(page);
  await emptyCart(page);
  const box = page.getByRole('searchbox', { name: '搜索' }).first();
  await box.click();
  await box.pressSequentially('amxl');
  const goods = page.getByRole('region', { name: '商品建议' });
  await expect(goods).toBeVisible();
  const row = goods
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: '加入购物车', disabled: false }) })
    .first();
  await expect(row).toBeVisible();
  await expect(row.getByText(/¥\d+\.\d{2}/).first()).toBeVisible();
  const pack = await row.getByRole('spinbutton', { name: '采购数量' }).inputValue();
  expect(Number(pack)).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('search-dropdown-goods.png') });
  await row.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByText('加入购物车成功')).toBeVisible();
  await expect(page.getByRole('link', { name: /^我的购物车/ }).first()).toHaveText('我的购物车1');
});
