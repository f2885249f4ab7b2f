import type { Page } from '@playwright/test';
import { expect, login, test as base } from './fixtures.js';

/**
 * The prize-draw pop-up (SPEC §4) on Playwright's fake clock: these journeys use a page of their
 * own without the fixture that closes the pop-up for the day. The clock is paused once the pop-up
 * shows, so "2 s later" and "1 s close" are moved by the test, never waited for.
 */
const test = base.extend<{ fresh: Page }>({
  fresh: async ({ browser }, use) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.install();
    await use(page);
    await context.close();
  },
});

/**
 * Stops the page's clock a few seconds ahead once the page has no request in flight. Jumping
 * further (it fires every timer on the way) could fire the 30 s timeout of a request that a
 * loaded machine has not answered yet, and the page would show 请求超时 over the pop-up.
 */
async function pauseClock(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.clock.pauseAt(Date.now() + 5_000);
}

const drawCalls = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/draw')) seen.push(new URL(r.url()).pathname);
  });
  return seen;
};

test('the pop-up announces the prize 2 s after the draw and then stays closed', async ({ fresh: page }) => {
  await login(page);
  const popup = page.getByTestId('draw-popup');
  await expect(popup).toBeVisible();
  await pauseClock(page);

  const drawn = page.waitForResponse((r) => /\/api\/draw\/\d+\/activity$/.test(new URL(r.url()).pathname));
  await popup.getByRole('button', { name: '抽奖' }).click();
  await drawn;
  await expect(popup.getByRole('button', { name: '抽奖中…' })).toBeDisabled();
  // Not yet: the result is held for 2 s.
  await page.clock.runFor(1_900);
  await expect(page.getByText(/恭喜中奖|抽奖结果/)).toHaveCount(0);
  await page.clock.runFor(200);
  await page.clock.resume();
  const result = page.getByRole('dialog').filter({ hasText: /恭喜中奖|抽奖结果/ });
  await expect(result).toBeVisible();
  await result.getByRole('button', { name: '知道了' }).click();
  await expect(popup).toHaveCount(0);

  // Closed for the day: a new page load asks nothing about the draw.
  const calls = drawCalls(page);
  await page.reload();
  await expect(page).toHaveTitle('康采医药网');
  await expect(page.getByRole('link', { name: /^我的购物车/ })).toBeVisible();
  await expect(popup).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('closing during the draw asks first, points to the member centre, closes in 1 s and asks nothing more', async ({
  fresh: page,
}) => {
  await login(page, { username: 'demo_bj', password: 'demo123456' });
  const popup = page.getByTestId('draw-popup');
  await expect(popup).toBeVisible();
  await pauseClock(page);

  const drawn = page.waitForResponse((r) => /\/api\/draw\/\d+\/activity$/.test(new URL(r.url()).pathname));
  await popup.getByRole('button', { name: '抽奖' }).click();
  await drawn;
  await popup.getByRole('button', { name: '关闭' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '正在抽奖中' });
  await expect(confirm).toContainText('如未看到抽奖结果，请到个人中心查看抽奖记录');
  const calls = drawCalls(page);
  await confirm.getByRole('button', { name: '确定关闭' }).click();

  // The close animation runs 1 s; then the pop-up is gone and no result is announced.
  await page.clock.runFor(900);
  await expect(popup).toHaveCount(1);
  await page.clock.runFor(200);
  await expect(popup).toHaveCount(0);
  await page.clock.runFor(5_000);
  await expect(page.getByText(/恭喜中奖|抽奖结果/)).toHaveCount(0);

  // Moving on asks nothing about the draw.
  await page.clock.resume();
  await page.getByRole('link', { name: /^我的购物车/ }).click();
  await page.waitForURL('**/cart');
  expect(calls).toEqual([]);
});
