import type { Page } from '@playwright/test';
import { DEMO, expect, login, operatorPage, test } from './fixtures.js';

/**
 * Customer-service chat (issue 14 §7): the demo pharmacy and its 客服 in two browsers. Each
 * side's message reaches the other over the WebSocket, without a reload; a script typed into
 * the chat shows as typed; an image goes through.
 */

/** A 1×1 PNG: the server checks uploads by content, so the bytes must be a real PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const QUESTION = '请问阿莫西林胶囊还有货吗？<script>alert(1)</script>';
const ANSWER = '有货的，0.25g*50粒现货充足，可以直接下单。';

test('a pharmacy and its 客服 chat live in two browsers', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  // The buyer opens the chat from the right toolbar and finds the demo history.
  await login(page);
  await page.getByRole('link', { name: '在线客服' }).first().click();
  await expect(page).toHaveURL(/\/kfzx/);
  const memberLog = page.getByRole('log', { name: '聊天记录' });
  await expect(memberLog.getByText('请问本月满减活动可以和优惠券一起用吗？')).toBeVisible();
  await expect(page.getByText('李晓梅').first()).toBeVisible();
  // As it opens, the input box is in the window and nothing (the bottom floating ad) covers it.
  await page.screenshot({ path: testInfo.outputPath('chat-member-window.png') });
  const uncovered = await page.evaluate(`(() => {
    const box = document.querySelector('textarea[aria-label="消息内容"]');
    const r = box.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 4);
    return r.bottom <= window.innerHeight && (hit === box || box.contains(hit));
  })()`);
  expect(uncovered).toBe(true);

  // The 客服 opens the console: the pharmacy's conversation waits with an unread message.
  const kefu = await operatorPage(browser, 'kefu');
  await kefu.goto('/admin/chat');
  // The side menu counts what no 客服 has read yet beside 在线客服.
  await expect(kefu.getByRole('menu', { name: '后台菜单' }).getByLabel(/^\d+条未读消息$/)).toBeVisible();
  await kefu.screenshot({ path: testInfo.outputPath('chat-console-menu.png') });
  const list = kefu.getByRole('region', { name: '会话列表' });
  await expect(list.getByText(DEMO.company)).toBeVisible();
  await list.getByText(DEMO.company).click();
  const serviceLog = kefu.getByRole('log', { name: '聊天记录' });
  await expect(serviceLog.getByText('请问本月满减活动可以和优惠券一起用吗？')).toBeVisible();

  // The buyer asks; the 客服 sees it arrive without reloading, the script as typed text.
  const memberBox = page.getByRole('textbox', { name: '消息内容' });
  await memberBox.fill(QUESTION);
  await memberBox.press('Enter');
  await expect(memberLog.getByText(QUESTION)).toBeVisible();
  await expect(serviceLog.getByText(QUESTION)).toBeVisible();

  // The 客服 answers; the buyer sees it arrive.
  const serviceBox = kefu.getByRole('textbox', { name: '消息内容' });
  await serviceBox.fill(ANSWER);
  await kefu.getByRole('button', { name: /发\s*送$/ }).click();
  await expect(serviceLog.getByText(ANSWER)).toBeVisible();
  await expect(memberLog.getByText(ANSWER)).toBeVisible();

  // The buyer sends a photo; both sides show it.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: PNG });
  await expect(memberLog.getByRole('img', { name: '聊天图片' }).last()).toBeVisible();
  await expect(serviceLog.getByRole('img', { name: '聊天图片' }).last()).toBeVisible();
  const src = await serviceLog.getByRole('img', { name: '聊天图片' }).last().getAttribute('src');
  expect(src).toMatch(/^\/api\/admin\/chat\/images\/\d+$/);
  expect((await kefu.request.get(src!)).status()).toBe(200);

  await shot(page, 'chat-member.png');

  await shot(kefu, 'chat-console.png');
  expect(dialogs).toEqual([]);
  await kefu.context().close();
});
