import { expect, login, test } from './fixtures.js';

test('pinyin initials in the header box → suggestions → Enter → results → detail', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: '搜索' }).first();
  await box.click();
  await box.pressSequentially('amxl');
  const suggestions = page.getByRole('listbox', { name: '搜索建议' });
  await expect(suggestions.getByRole('option', { name: /阿莫西林/ }).first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?keywords=amxl&type=0/);
  // The initials typed stand for 阿莫西林: the heading names it (issue 17 item 7).
  await expect(page.getByRole('heading', { name: '药品“阿莫西林”的搜索结果' })).toBeVisible();
  // The results' goods links (the header's hot-search links also name 阿莫西林).
  const first = page
    .getByRole('main')
    .getByRole('link', { name: /阿莫西林/ })
    .first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/list\/info\/\d+/);
  // The results' heading names 阿莫西林 too: wait until the detail page has replaced it.
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('搜索结果');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('阿莫西林');
  // A visitor sees why there is no price.
  await expect(page.getByRole('link', { name: '登录可见' })).toBeVisible();
});

test('a member favourites a goods and finds it on /star', async ({ page }) => {
  await login(page);
  await page.goto('/search?keywords=amxl&type=0');
  await page
    .getByRole('main')
    .getByRole('link', { name: /阿莫西林/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/list\/info\/\d+/);
  const heading = page.getByRole('heading', { level: 1 });
  // The results' heading names 阿莫西林 too: wait until the detail page has replaced it.
  await expect(heading).not.toContainText('搜索结果');
  await expect(heading).toContainText('阿莫西林');
  const name = (await heading.innerText()).trim();
  await page
    .getByRole('main')
    .getByRole('button', { name: /(^|\s)收\s?藏$/ })
    .click();
  await expect(page.getByText('收藏成功')).toBeVisible();
  await expect(page.getByRole('button', { name: /已收藏/ })).toBeVisible();
  await page.getByRole('link', { name: '查看我的收藏' }).click();
  await expect(page).toHaveURL(/\/star$/);
  await expect(page.getByRole('heading', { name: '我的收藏' })).toBeVisible();
  // The row shows the goods (its link text is the trade name and the generic name).
  await expect(page.getByRole('row', { name: /阿莫西林/ })).toBeVisible();
  expect(name).toContain('阿莫西林');
});
