import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { seedAccounts } from '../../seed/accounts.js';
import { seedContent } from '../../seed/content.js';
import { HELP_ARTICLES, seedHelpArticles } from '../../seed/help-articles.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';

let t: TestApp;
let kefu: Client;
let admin: Client;
let visitor: Client;

async function operator(ip: string, username: string) {
  const c = new Client(t.app, ip);
  await c.get('/api/health');
  expect((await c.post('/api/admin/login', { username, password: 'admin123456' })).body.code).toBe(10000);
  return c;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  await seedContent(db);
  await seedHelpArticles(db);
  kefu = await operator('10.31.0.1', 'kefu');
  admin = await operator('10.31.0.2', 'admin');
  visitor = new Client(t.app, '10.31.0.3');
});
afterAll(() => t.close());

const HOUR = 3600_000;
const put = (c: Client, url: string, body: Record<string, unknown>) => c.request('PUT', url, body);
const columns = async () => (await visitor.get('/api/article/category?category_id=3')).body.data;
const articleCount = async () =>
  rowsOf<{ n: number }>(await t.ctx.database.db.execute('select count(*)::int as n from articles'))[0]!.n;

/** The storefront's article whose help route is `/help/{column}/{slug}`. */
async function helpArticle(column: string, slug: string) {
  const cols: { children: { id: number; url?: string }[] }[] = await columns();
  const item = cols.flatMap((c) => c.children).find((a) => a.url?.startsWith(`/help/${column}/${slug}?`));
  expect(item).toBeDefined();
  return (await visitor.get(`/api/article/detail/${item!.id}`)).body.data;
}

describe('the help centre as seeded', () => {
  it('says what the platform does: the three payment methods, the fee, returns and the licences', async () => {
    const pay = await helpArticle('zfps', 'ddzf');
    for (const text of ['余额支付', '在线支付', '对公转账', '30分钟', '72小时'])
      expect(pay.body).toContain(text);
    const delivery = await helpArticle('zfps', 'hwps');
    expect(delivery.body).toContain('满800元免运费');
    expect(delivery.body).toContain('运费15元');
    const returns = await helpArticle('zfps', 'ypth');
    for (const text of ['30天内', '退货隔离区', '账户余额', '赠品不能单独申请退货'])
      expect(returns.body).toContain(text);
    const register = await helpArticle('xrzn', 'hyzc');
    expect(register.body).toContain('医疗机构执业许可证');
    // The registration article links to the user agreement, itself a help article.
    expect(register.body).toContain('href="/help/fwbz/yhxy"');
    expect((await helpArticle('fwbz', 'yhxy')).title).toBe('用户协议');
  });

  it('keeps the footer columns and changes nothing when run again', async () => {
    const before = await columns();
    expect(before.map((c: { name: string }) => c.name)).toEqual(HELP_ARTICLES.map((c) => c.name));
    const n = await articleCount();
    await seedHelpArticles(t.ctx.database.db);
    expect(await articleCount()).toBe(n);
    expect(await columns()).toEqual(before);
  });
});

describe('operators edit articles', () => {
  it('客服 writes, takes down and puts back an article; the storefront follows', async () => {
    const created = await kefu.post('/api/admin/articles', {
      category_id: 2,
      title: '康采医药网端午节发货安排',
      summary: '端午节期间正常发货',
      body: '<p>端午节期间<strong>正常发货</strong>。</p>',
    });
    expect(created.body).toMatchObject({
      code: 10000,
      msg: '文章已保存',
      data: {
        title: '康采医药网端午节发货安排',
        category_name: '公司新闻',
        status: 'published',
        status_text: '已发布',
      },
    });
    const id: number = created.body.data.id;
    expect(created.body.data.url).toBe(`/help_news_info/${id}/2`);
    expect((await visitor.get(`/api/article/detail/${id}`)).body.data.body).toBe(
      '<p>端午节期间<strong>正常发货</strong>。</p>',
    );

    const down = await put(kefu, `/api/admin/articles/${id}/published`, { published: 0 });
    expect(down.body).toMatchObject({ msg: '文章已下线', data: { status: 'hidden', published_at: '' } });
    expect((await visitor.get(`/api/article/detail/${id}`)).status).toBe(404);
    const news = (await visitor.get('/api/article/list?category_id=2')).body.data.list;
    expect(news.map((a: { id: number }) => a.id)).not.toContain(id);
    // Still there for the operator, with its state.
    const listed = await kefu.get('/api/admin/articles?category_id=2&status=hidden');
    expect(listed.body.data.list.map((a: { id: number }) => a.id)).toEqual([id]);

    const up = await put(kefu, `/api/admin/articles/${id}/published`, { published: 1 });
    expect(up.body.data.status).toBe('published');
    expect((await visitor.get(`/api/article/detail/${id}`)).status).toBe(200);
  });

  it('edits an article, keeps its date, and schedules one for later', async () => {
    const { body } = await kefu.get('/api/admin/articles?keyword=订单支付');
    const [pay] = body.data.list;
    expect(pay).toMatchObject({ title: '订单支付', slug: 'ddzf', status: 'published' });
    const detail = (await kefu.get(`/api/admin/articles/${pay.id}`)).body.data;
    const edited = await put(kefu, `/api/admin/articles/${pay.id}`, {
      category_id: detail.category_id,
      title: '订单支付说明',
      summary: detail.summary,
      slug: 'ddzf',
      sort: detail.sort,
      body: `${detail.body}<p>节假日对公转账到账时间可能顺延。</p>`,
    });
    expect(edited.body.data).toMatchObject({ title: '订单支付说明', published_at: detail.published_at });
    expect((await helpArticle('zfps', 'ddzf')).body).toContain('节假日对公转账');

    const later = new Date(t.clock.now.getTime() + 2 * HOUR).toISOString();
    const scheduled = await kefu.post('/api/admin/articles', {
      category_id: 1,
      title: '国家药监局发布新版药品追溯码规范',
      body: '<p>追溯码新规将于下月实施。</p>',
      published_at: later,
    });
    expect(scheduled.body.data.status).toBe('scheduled');
    expect((await visitor.get(`/api/article/detail/${scheduled.body.data.id}`)).status).toBe(404);
    const draft = await kefu.post('/api/admin/articles', {
      category_id: 1,
      title: '草稿：集采续约解读',
      body: '<p>待审</p>',
      published: 0,
    });
    expect(draft.body.data.status).toBe('hidden');
    expect((await visitor.get(`/api/article/detail/${draft.body.data.id}`)).status).toBe(404);
  });

  it('logs every write with who made it', async () => {
    const { body } = await admin.get('/api/admin/audit?entity=article');
    const actions = body.data.list.map((r: { action: string }) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['article.create', 'article.update', 'article.unpublish']),
    );
    expect(body.data.list[0].operator_name).toBe('kefu');
  });
});

describe('article HTML is sanitised on the server', () => {
  it('strips scripts, handlers, styles and unsafe addresses, and keeps the safe subset', async () => {
    const res = await kefu.post('/api/admin/articles', {
      category_id: 1,
      title: '含脚本的文章',
      body:
        '<p onclick="steal()" style="color:red">正文<script>alert(document.cookie)</script></p>' +
        '<img src="x" onerror="alert(1)"><img src="data:image/png;base64,AAAA" alt="d">' +
        '<img src="/media/12" alt="证照" width="300" height="javascript:1">' +
        '<a href="javascript:alert(1)">坏链接</a><a href="//evil.example/x">协议相对</a>' +
        '<a href="https://www.nmpa.gov.cn/" target="_blank">药监局</a><a href="/help_us">关于我们</a>' +
        '<iframe src="https://evil.example"></iframe><h1>大标题</h1><b>粗</b>' +
        '<table><tbody><tr><td colspan="2" style="x">单元格</td></tr></tbody></table>' +
        '<span style="font-size:40px">文字</span>',
    });
    expect(res.body.code).toBe(10000);
    const stored = (await kefu.get(`/api/admin/articles/${res.body.data.id}`)).body.data.body as string;
    expect(stored).toBe(
      '<p>正文</p>' +
        '<img src="/media/12" alt="证照" width="300" />' +
        '坏链接协议相对' +
        '<a href="https://www.nmpa.gov.cn/" target="_blank" rel="noopener noreferrer">药监局</a>' +
        '<a href="/help_us" rel="noopener noreferrer">关于我们</a>' +
        '<h2>大标题</h2><strong>粗</strong>' +
        '<table><tbody><tr><td colspan="2">单元格</td></tr></tbody></table>' +
        '<span>文字</span>',
    );
    // The storefront gets the same stored HTML.
    expect((await visitor.get(`/api/article/detail/${res.body.data.id}`)).body.data.body).toBe(stored);
  });

  it('sanitises an update too, and refuses a body that is only a script', async () => {
    const id = (
      await kefu.post('/api/admin/articles', { category_id: 1, title: '待修改', body: '<p>原文</p>' })
    ).body.data.id;
    const res = await put(kefu, `/api/admin/articles/${id}`, {
      category_id: 1,
      title: '已修改',
      body: '<p>新文<script>fetch("/api/user/base")</script></p><svg onload="alert(1)"></svg>',
    });
    expect(res.body.code).toBe(10000);
    expect((await visitor.get(`/api/article/detail/${id}`)).body.data.body).toBe('<p>新文</p>');

    const empty = await kefu.post('/api/admin/articles', {
      category_id: 1,
      title: '只有脚本',
      body: '<script>alert(1)</script><p> </p>',
    });
    expect(empty).toMatchObject({ status: 422, body: { code: 422, msg: '请输入文章内容' } });
  });
});

describe('bad input', () => {
  it.each([
    [{ category_id: 1, body: '<p>x</p>' }, '请输入文章标题'],
    [{ category_id: 999999, title: '无分类', body: '<p>x</p>' }, '文章分类不存在'],
    [{ category_id: 'abc', title: 'x', body: '<p>x</p>' }, 'ID必须是数字'],
    [{ category_id: 1, title: 'x'.repeat(101), body: '<p>x</p>' }, '文章标题最多100个字符'],
    [{ category_id: 1, title: 'x', body: `<p>${'长'.repeat(50_000)}</p>` }, '文章内容最多50000个字符'],
    [{ category_id: 1, title: 'x', body: '<p>x</p>', published: 'maybe' }, '发布状态不正确'],
    [{ category_id: 1, title: 'x', body: '<p>x</p>', published_at: 'tomorrow' }, '时间格式不正确'],
    [{ category_id: 4, title: 'x', body: '<p>x</p>', slug: 'Bad Slug' }, '别名只能包含小写字母、数字、-和_'],
    [{ category_id: 4, title: '重复别名', body: '<p>x</p>', slug: 'hyzc' }, '同一分类下已有文章使用这个别名'],
  ])('POST %j → 422 %s', async (body, msg) => {
    const before = await articleCount();
    const res = await kefu.post('/api/admin/articles', body);
    expect(res).toMatchObject({ status: 422, body: { code: 422, msg } });
    expect(await articleCount()).toBe(before);
  });

  it('answers 404 for an article that does not exist, and 422 for a bad id or flag', async () => {
    expect((await kefu.get('/api/admin/articles/999999')).status).toBe(404);
    expect((await put(kefu, '/api/admin/articles/999999/published', { published: 1 })).status).toBe(404);
    expect((await put(kefu, '/api/admin/articles/abc/published', { published: 1 })).status).toBe(422);
    expect((await put(kefu, '/api/admin/articles/1/published', {})).body.msg).toBe('发布状态不正确');
    expect((await kefu.get('/api/admin/articles?status=gone')).body.msg).toBe('发布状态不正确');
  });
});

describe('categories', () => {
  it('lists the roots with their columns and counts', async () => {
    const { body } = await kefu.get('/api/admin/article_categories');
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(['行业新闻', '公司新闻', '帮助中心']);
    const help = body.data[2];
    expect(help.children.map((c: { slug: string }) => c.slug)).toEqual(['xrzn', 'fwbz', 'zfps', 'us']);
    expect(help.children[0]).toMatchObject({ name: '新手指南', parent_id: 3, article_count: 3 });
  });

  it('adds a help column the footer shows once it has an article; keeps two levels', async () => {
    const col = await kefu.post('/api/admin/article_categories', {
      parent_id: 3,
      name: '发票说明',
      slug: 'fpsm',
      sort: 9,
    });
    expect(col.body.data).toMatchObject({ name: '发票说明', parent_id: 3, article_count: 0 });
    await kefu.post('/api/admin/articles', {
      category_id: col.body.data.id,
      title: '增值税专用发票',
      slug: 'zyfp',
      body: '<p>结算时选择增值税专用发票并填写开票信息。</p>',
    });
    const footer = await columns();
    const last = footer.at(-1);
    expect(last.name).toBe('发票说明');
    expect(last.children[0].url).toMatch(/^\/help\/fpsm\/zyfp\?id=\d+$/);

    const nested = await kefu.post('/api/admin/article_categories', {
      parent_id: col.body.data.id,
      name: '三级分类',
    });
    expect(nested.body.msg).toBe('只能在一级分类下添加栏目');
    const moved = await put(kefu, '/api/admin/article_categories/1', { parent_id: 2, name: '行业新闻' });
    expect(moved.body.msg).toBe('新闻和帮助中心的一级分类不能移动');
    const renamed = await put(kefu, `/api/admin/article_categories/${col.body.data.id}`, {
      parent_id: 3,
      name: '发票与对账',
      slug: 'fpsm',
      sort: 9,
    });
    expect(renamed.body.data.name).toBe('发票与对账');
    expect((await columns()).at(-1).name).toBe('发票与对账');
  });
});

describe('article images', () => {
  it('keeps an uploaded PNG as a public media address and refuses other files', async () => {
    const pngBytes = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await postMultipart(kefu, '/api/admin/articles/images', {
      file: filePart(pngBytes, '证照.png', 'image/png'),
    });
    expect(res.body).toMatchObject({ code: 10000, data: { url: expect.stringMatching(/^\/media\/\d+$/) } });
    const served = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.headers['content-type']).toBe('image/png');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bad = await postMultipart(kefu, '/api/admin/articles/images', { file: filePart(svg, 'x.svg') });
    expect(bad).toMatchObject({ status: 422, body: { msg: '仅支持JPG、PNG或WebP图片' } });
  });
});
