import { test as base, expect, type Page } from '@playwright/test';

export const HOME_TITLE = '康采医药网';

export const DEMO = { username: 'demo', password: 'demo123456', company: '杭州康宁大药房有限公司' } as const;

/** Logs in through the real login page. */
export async function login(page: Page, user: { username: string; password: string } = DEMO): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder(/用户名|手机号/).fill(user.username);
  await page.getByPlaceholder(/密码/).fill(user.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // The router commits the new page in a transition after the URL changes; the title is set on
  // commit, so waiting for it means the home page is what the next action acts on.
  await expect(page).toHaveTitle(HOME_TITLE);
}

export const test = base;
export { expect };
