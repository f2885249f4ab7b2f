import type { APIRequestContext, Page } from '@playwright/test';
import { expect, login, test } from './fixtures.js';

/** A 1×1 PNG: the server checks uploads by content, so the bytes must be a real PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function data<T>(reply: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await reply.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(10000);
  return body.data;
}

/** The code the development SMS provider "sent", read from its outbox (GET /api/dev/sms). */
async function smsCode(request: APIRequestContext, mobile: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const outbox = await data<{ content: string }[]>(await request.get(`/api/dev/sms?mobile=${mobile}`));
      code = /\d{6}/.exec(outbox[0]?.content ?? '')?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Picks an option of the open antd select (its list is rendered apart from the field). */
async function chooseOption(page: Page, label: string) {
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
}

async function uploadDocument(page: Page, typeName: string, number: string) {
  await page.getByRole('combobox', { name: '证件类型' }).click();
  await chooseOption(page, typeName);
  await page.getByLabel('证件编号').fill(number);
  await page.getByLabel('有效期至').fill('2030-12-31');
  await page
    .getByLabel('证件文件')
    .setInputFiles({ name: `${number}.png`, mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: '上传证件' }).click();
  await expect(page.getByRole('cell', { name: number })).toBeVisible();
}

test('a new pharmacy registers, the operator approves it, and it sees prices', async ({
  page,
  playwright,
  baseURL,
}) => {
  const suffix = Date.now().toString().slice(-8);
  const username = `e2e${suffix}`;
  const mobile = `139${suffix}`;
  const password = 'Kangcai2026';

  // Step 1: the account, with the SMS code from the development outbox.
  await page.goto('/register');
  await expect(page).toHaveURL(/\/register\/step1$/);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('设置密码').fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.getByLabel('手机号码').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /60秒后重发|5\d秒后重发/ })).toBeDisabled();
  await page.getByLabel('短信验证码').fill(await smsCode(page.request, mobile));
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 2: the company, its licences and the two documents a pharmacy needs.
  await expect(page).toHaveURL(/\/register\/step2$/);
  await page.getByLabel('企业名称').fill(`西湖康宁药店${suffix}`);
  await page.getByRole('combobox', { name: '企业类型' }).click();
  await chooseOption(page, '药店');
  await page.getByLabel('联系人').fill('李四');
  await page.getByLabel('联系电话').fill('0571-88886666');
  await page.getByLabel('所在地区').fill('浙江省杭州市西湖区');
  await page.getByLabel('详细地址').fill('文三路100号');
  await page.getByLabel('营业执照号').fill(`91330100MA${suffix}`);
  await page.getByLabel('药品经营许可证号').fill(`浙AA${suffix}`);
  for (const scope of ['化学药制剂', '抗生素制剂', '中成药'])
    await page.getByRole('checkbox', { name: scope }).check();
  await uploadDocument(page, '营业执照', `BL${suffix}`);
  await uploadDocument(page, '药品经营许可证', `DL${suffix}`);
  await page.getByRole('button', { name: '提交审核' }).click();

  // Step 3: submitted, awaiting review.
  await expect(page).toHaveURL(/\/register\/step3$/);
  await expect(page.getByText('注册资料已提交，等待审核')).toBeVisible();
  const state = await data<{ member_id: number; status: string }>(
    await page.request.get('/api/register/state'),
  );
  expect(state.status).toBe('pending');

  // The operator approves (its own login and session, apart from the browser's).
  const operator = await playwright.request.newContext({ baseURL });
  // Every write, the login included, echoes the readable XSRF-TOKEN cookie that any GET /api
  // sets (decision 003, issue 15).
  await operator.get('/api/health');
  const { cookies } = await operator.storageState();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  await data(
    await operator.post('/api/admin/login', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      form: { username: 'admin', password: 'admin123456' },
    }),
  );
  await data(
    await operator.post(`/api/admin/members/${state.member_id}/approve`, {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    }),
  );
  await operator.dispose();

  // The member logs in afresh and sees wholesale prices on a goods detail.
  await page.context().clearCookies();
  await login(page, { username, password });
  const goods = await data<{ list: { id: number }[] }>(await page.request.get('/api/goods/list?page_size=1'));
  const id = goods.list[0]!.id;
  const detail = await data<{ price: string | null }>(await page.request.get(`/api/goods/detail/${id}`));
  expect(detail.price).toMatch(/^\d+\.\d{2}$/);
  await page.goto(`/list/info/${id}`);
  await expect(page.getByText(detail.price!, { exact: false }).first()).toBeVisible();
  await expect(page.getByText('登录可见')).toHaveCount(0);
  await expect(page.getByText('审核通过后可见')).toHaveCount(0);
});
