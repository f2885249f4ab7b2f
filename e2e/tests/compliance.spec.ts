import { expect, login, test } from './fixtures.js';

interface Item {
  id: number;
  name: string;
  buy_block: { rule: string; reason: string } | null;
}

// Issue 4: a goods outside the buyer's 经营范围 shows the reason and what would unlock it.
test('a scope-restricted goods shows why the demo pharmacy cannot buy it', async ({ page }) => {
  await login(page);
  let blocked: Item | undefined;
  for (let p = 1; !blocked && p <= 30; p++) {
    const reply = await page.request.get(`/api/goods/list?page=${p}&page_size=100&sort=sales`);
    const list = ((await reply.json()) as { data: { list: Item[] } }).data.list;
    if (list.length === 0) break;
    blocked = list.find((g) => g.buy_block?.rule === 'scope');
  }
  expect(blocked, 'the demo seed has goods outside demo’s business scope').toBeDefined();
  await page.goto(`/list/info/${blocked!.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(blocked!.name) })).toBeVisible();
  await expect(page.getByText(/您的经营范围不包含“生物制品”/)).toBeVisible();
  await expect(page.getByRole('link', { name: /上传资质/ })).toHaveAttribute('href', '/zzzj');
  await expect(page.getByRole('button', { name: '暂不能购买' })).toBeDisabled();
});
