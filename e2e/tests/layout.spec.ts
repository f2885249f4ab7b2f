import type { Page } from '@playwright/test';
import { addResult, emptyCart, expect, login, test } from './fixtures.js';

// Issue 17 item 7: the layout defects a buyer tripped over.

/** Every failed call and console error of a page, as the buyer's console would list them. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return failures;
}

test('a visitor’s pages make no failing call (no 401 for the profile)', async ({ page }) => {
  const failures = watchFailures(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: '登录', exact: true }).first()).toBeVisible();
  await page.goto('/search?keywords=amxl&type=0');
  const first = page
    .getByRole('main')
    .getByRole('link', { name: /阿莫西林/ })
    .first();
  await expect(first).toBeVisible();
  await page.goto('/list');
  await expect(page.getByRole('heading', { name: '全部商品' })).toBeVisible();
  await page.goto('/search?keywords=amxl&type=0');
  await first.click();
  await expect(page).toHaveURL(/\/list\/info\/\d+/);
  // exact: the search cards (links whose names hold 登录可见) may still show while the detail loads.
  await expect(page.getByRole('link', { name: '登录可见', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
});

test('the bottom ads, once closed, stay closed after a reload that day', async ({ page }) => {
  await page.goto('/');
  for (const name of ['底部广告', '底部悬浮广告']) {
    const ad = page.getByRole('complementary', { name });
    await ad.scrollIntoViewIfNeeded();
    await expect(ad).toBeVisible();
  }
  // Scrolled to the end, the floating ad covers nothing: the footer's last line is above it.
  // (A string, so the e2e project needs no DOM types; the poll waits for the scroll to settle.)
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
  const floating = page.getByRole('complementary', { name: '底部悬浮广告' });
  const footer = page.getByRole('contentinfo');
  await expect
    .poll(async () => {
      const footerBox = await footer.boundingBox();
      const adBox = await floating.boundingBox();
      return footerBox!.y + footerBox!.height - adBox!.y;
    })
    .toBeLessThanOrEqual(1);
  await page.screenshot({ path: '.tmp/e2e-results/layout-bottom-ads.png' });

  for (const name of ['底部广告', '底部悬浮广告']) {
    const ad = page.getByRole('complementary', { name });
    await ad.getByRole('button', { name: '关闭广告' }).click();
    await expect(ad).toBeHidden();
  }
  await page.reload();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('complementary', { name: '底部广告' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: '底部悬浮广告' })).toHaveCount(0);
});

test('the landing pages start their first files early, and the floating ad is asked for once (never once closed)', async ({
  page,
  request,
}) => {
  // Issue 17 item 8: every landing page's HTML starts the early script; home's also names its
  // page chunk, while the list and search pages leave the line to the entry (their route asks
  // for the goods instead).
  for (const path of ['/', '/search?keywords=amxl&type=0', '/list']) {
    const html = await (await request.get(path)).text();
    expect(html).toMatch(
      /<script type="module" async crossorigin fetchpriority="high" src="\/assets\/early-[^"]+\.js">/,
    );
    const pageChunk =
      /<link rel="modulepreload" crossorigin href="\/assets\/(HomePage|ListPages)-[^"]+\.js">/;
    if (path === '/') expect(html).toMatch(pageChunk);
    else expect(html).not.toMatch(pageChunk);
  }
  const adCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/focus/dbxfc') adCalls.push(r.url());
  });
  await page.goto('/');
  const floating = page.getByRole('complementary', { name: '底部悬浮广告' });
  await expect(floating).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The early script's call feeds the ad's own query: no second call for the same reply.
  expect(adCalls).toHaveLength(1);

  await floating.getByRole('button', { name: '关闭广告' }).click();
  await expect(floating).toBeHidden();
  adCalls.length = 0;
  await page.reload();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(adCalls).toHaveLength(0);
});

test('the sticky search bar’s cart button shows the count', async ({ page }) => {
  await login(page);
  await emptyCart(page);
  await addResult(page, '头孢拉定', { maker: '白云山制药总厂', spec: '0.5g*20粒' }, 1);
  await page.mouse.wheel(0, 600);
  const bar = page.getByRole('region', { name: '吸顶搜索' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: /购物车/ })).toHaveText(/购物车\s*1/);
  await page.screenshot({ path: '.tmp/e2e-results/layout-sticky-cart.png' });
  await emptyCart(page);
});

test('the add-to-desktop help is a readable tooltip', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '添加到桌面' }).hover();
  const tip = page.getByRole('tooltip').filter({ hasText: '浏览器不支持网页自动创建桌面快捷方式' });
  await expect(tip).toBeVisible();
  // Wide enough to read: a line holds a whole sentence, not one word.
  expect((await tip.boundingBox())!.width).toBeGreaterThan(240);
  await page.screenshot({ path: '.tmp/e2e-results/layout-add-to-desktop.png' });
});
