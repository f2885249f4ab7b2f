import type { Page } from '@playwright/test';
import { expect, login, operatorPage, test } from './fixtures.js';

/**
 * Self-service (issue 14, items 2 and 4): a buyer files a variety request and a feedback, the
 * 客服 answers both in the back office, and the buyer reads the answers, the goods link and
 * the messages.
 */

const WANT = { name: '康采求购测试片', ypgg: '5mg*28片', sccj: '康采制药（杭州）有限公司' };
const COMPLAINT = '配送员未按约定时间送达，且态度不好<script>alert(1)</script>';

test('a buyer asks for a variety and complains; the 客服 answers; the buyer sees both', async ({
  page,
  browser,
}, testInfo) => {
  // Two people, two apps, many pages: longer than one page's journey.
  test.setTimeout(180_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  await login(page);

  // The demo history: one request sourced (with its goods link), one open.
  await page.goto('/pzqg');
  await expect(page.getByText('已找到货源').first()).toBeVisible();
  await expect(page.getByText('达格列净片')).toBeVisible();
  await expect(page.getByRole('link', { name: '去购买' }).first()).toHaveAttribute(
    'href',
    /\/list\/info\/\d+/,
  );
  await shot(page, 'pzqg.png');

  // A new request.
  await page.getByRole('link', { name: '发布求购' }).click();
  await page.getByRole('button', { name: '提交求购' }).click();
  await expect(page.getByText('请输入药品名称')).toBeVisible();
  await page.getByLabel('药品名称').fill(WANT.name);
  await page.getByLabel('规格').fill(WANT.ypgg);
  await page.getByLabel('生产厂家').fill(WANT.sccj);
  await page.getByLabel('求购数量').fill('30');
  await page.getByLabel('备注').fill('门店顾客长期需要');
  await shot(page, 'pzqg-add.png');
  await page.getByRole('button', { name: '提交求购' }).click();
  await expect(page.getByText('客服正在为您寻找货源')).toBeVisible();
  await expect(page).toHaveURL(/\/pzqg\/info\?id=\d+/);
  const infoUrl = page.url();

  // A complaint, with a script in its text.
  await page.goto('/yjfk');
  await expect(page.getByText('上周的订单物流信息两天没有更新', { exact: false })).toBeVisible();
  await expect(page.getByText('承运商系统延迟', { exact: false })).toBeVisible();
  await page.getByRole('radio', { name: '服务投诉' }).check();
  await page.getByLabel('反馈内容').fill(COMPLAINT);
  await page.getByLabel('联系方式').fill('13800138000');
  await page.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByText('感谢您的反馈，我们会尽快回复')).toBeVisible();
  await expect(page.getByText(COMPLAINT)).toBeVisible();

  // The 客服 sources the request with a listed goods and replies to the complaint.
  const kefu = await operatorPage(browser, 'kefu');
  await kefu.goto('/admin/buy_requests');
  const row = kefu.getByRole('row', { name: new RegExp(WANT.name) });
  await row.getByRole('button', { name: /答\s*复/ }).click();
  const dialog = kefu.getByRole('dialog');
  await dialog.getByLabel('上架商品').fill('阿莫西林');
  await kefu.locator('.ant-select-item-option').first().click();
  await dialog.getByLabel('答复内容').fill('已协调厂家供货，欢迎采购');
  await shot(kefu, 'admin-buy-answer.png');
  await dialog.getByRole('button', { name: '提交答复' }).click();
  await expect(kefu.getByText('已答复，会员将收到消息')).toBeVisible();

  await kefu.goto('/admin/feedback');
  const complaint = kefu.getByRole('row', { name: /配送员未按约定时间送达/ });
  await expect(complaint.getByText('服务投诉')).toBeVisible();
  await complaint.getByRole('button', { name: /回\s*复/ }).click();
  await kefu.getByRole('dialog').getByLabel('回复内容').fill('非常抱歉，已对配送员进行培训并调整配送时段。');
  await kefu.getByRole('dialog').getByRole('button', { name: '提交回复' }).click();
  await expect(kefu.getByText('已回复，会员将收到消息')).toBeVisible();
  await kefu.getByRole('combobox', { name: '状态' }).click();
  await kefu.locator('.ant-select-item-option', { hasText: '全部状态' }).click();
  await expect(kefu.getByText('非常抱歉，已对配送员进行培训并调整配送时段。')).toBeVisible();
  await shot(kefu, 'admin-feedback.png');

  // The buyer sees the answers and the messages.
  await page.goto(infoUrl);
  await expect(page.getByText('已找到货源').first()).toBeVisible();
  await expect(page.getByText('客服留言：已协调厂家供货，欢迎采购', { exact: false })).toBeVisible();
  await shot(page, 'pzqg-info.png');
  await page.getByRole('link', { name: '去购买' }).click();
  await expect(page).toHaveURL(/\/list\/info\/\d+/);
  await expect(page.getByText('阿莫西林', { exact: false }).first()).toBeVisible();

  await page.goto('/yjfk');
  await expect(page.getByText('非常抱歉，已对配送员进行培训并调整配送时段。')).toBeVisible();
  await shot(page, 'yjfk.png');
  await page.goto('/wdxx');
  await expect(page.getByText('品种求购已找到货源').first()).toBeVisible();
  await expect(page.getByText('您的服务投诉已收到回复').first()).toBeVisible();
});

test('a visitor applies to join from the franchise zone', async ({ page }, testInfo) => {
  await page.goto('/jmzq');
  await page.getByRole('button', { name: '申请加盟' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('门店名称').fill('康采测试药房');
  await dialog.getByLabel('联系人').fill('赵敏');
  await dialog.getByLabel('联系电话').fill('123');
  await dialog.getByLabel('所在地区').fill('浙江省宁波市');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByText('请输入正确的联系电话')).toBeVisible();
  await dialog.getByLabel('联系电话').fill('13966668888');
  await page.screenshot({ path: testInfo.outputPath('jmzq-apply.png') });
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('申请已提交，招商专员会尽快与您联系')).toBeVisible();
});
