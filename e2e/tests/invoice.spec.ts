import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from '@playwright/test';
import { DEMO, expect, login, operatorPage, test } from './fixtures.js';

/**
 * E-invoices (issue 14 §3): the demo's completed order has its 普通发票, which downloads as a
 * PDF that a PDF reader turns back into the Chinese it printed; 财务 issues the 专用发票 that is
 * waiting, and the buyer finds it issued.
 */

/** The text a PDF reader gets from every page (the embedded CJK font maps back to characters). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  let out = '';
  for (let p = 1; p <= pdf.numPages; p++) {
    const content = await (await pdf.getPage(p)).getTextContent();
    out += content.items.map((i) => ('str' in i ? i.str : '')).join('');
  }
  return out.replace(/\s+/g, '');
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('e-invoices: an issued invoice downloads as a PDF that reads back; 财务 issues the waiting one', async ({
  page,
  browser,
}) => {
  await login(page);
  await page.goto('/dzfp');
  await expect(page.getByRole('heading', { name: '电子发票' })).toBeVisible();
  const issued = rowOf(page, '普通发票');
  await expect(issued.getByText('已开具')).toBeVisible();
  const link = issued.getByRole('link', { name: '下载PDF' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/user\/invoices\/\d+\/pdf$/);
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await pdf.body());
  expect(text).toContain('电子发票（普通发票）');
  expect(text).toContain(DEMO.company);
  expect(text).toContain('价税合计（大写）');
  expect(text).toContain('开发环境模拟发票');

  const waiting = rowOf(page, '增值税专用发票');
  await expect(waiting.getByText('开具中')).toBeVisible();
  const orderNo = (await waiting.getByRole('link').first().textContent())!.trim();

  const finance = await operatorPage(browser, 'caiwu');
  await finance.goto('/admin/invoices');
  const queued = rowOf(finance, orderNo);
  await queued.getByRole('button', { name: '开具' }).click();
  await expect(finance.getByText('已开具1张')).toBeVisible();
  await finance.context().close();

  await page.reload();
  const done = rowOf(page, orderNo);
  await expect(done.getByText('已开具')).toBeVisible();
  const special = await page.request.get(
    (await done.getByRole('link', { name: '下载PDF' }).getAttribute('href'))!,
  );
  expect(await pdfText(await special.body())).toContain('电子发票（增值税专用发票）');
});
