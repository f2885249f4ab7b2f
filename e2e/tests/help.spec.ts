import { expect, test } from './fixtures.js';

// Every link of the footer (the help categories from /api/article/category and the legal row)
// and the registration form's agreement link open a page with content: none lands on /404 or
// on a "coming soon" page.
test('every footer link and the registration agreement open a real page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const help = footer.getByRole('navigation', { name: '帮助中心' });
  await expect(help.getByRole('link').first()).toBeVisible();
  const links = await footer
    .getByRole('link')
    .evaluateAll((as) =>
      as.map((a) => ({ name: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })),
    );
  expect(links.length).toBeGreaterThanOrEqual(11);

  await page.goto('/register/step1');
  const agreement = page.getByRole('link', { name: '《用户注册协议》' });
  links.push({ name: '用户协议', href: (await agreement.getAttribute('href')) ?? '' });

  for (const link of links) {
    await page.goto(link.href);
    await expect(page.getByRole('main'), `${link.name} (${link.href})`).toBeVisible();
    expect(new URL(page.url()).pathname, `${link.name} (${link.href})`).not.toBe('/404');
    await expect(page.getByRole('main')).not.toContainText('该功能即将上线');
    await expect(page.getByRole('main')).not.toContainText('页面不存在');
    // An article or a list of them: some text beyond a title.
    // Polled: the article arrives after the page's frame (a loaded machine shows the frame first).
    await expect
      .poll(async () => ((await page.getByRole('main').textContent()) ?? '').length, { message: link.href })
      .toBeGreaterThan(40);
  }
});
