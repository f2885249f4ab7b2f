import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '../../seed/content.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { createAd, createArticle } from './service.js';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp();
  await seedContent(t.ctx.database.db);
  c = new Client(t.app);
});
afterAll(() => t.close());

const later = (ms: number) => new Date(t.clock.now.getTime() + ms);
const HOUR = 3600_000;

describe('help and news articles', () => {
  it('lists the footer help columns under category 3, each with its articles', async () => {
    const { body } = await c.get('/api/article/category?category_id=3');
    expect(body.code).toBe(10000);
    expect(body.data.map((col: { name: string }) => col.name)).toEqual([
      '新手指南',
      '服务保障',
      '支付配送',
      '关于我们',
    ]);
    const [guide, service] = body.data;
    expect(guide.children.map((a: { name: string }) => a.name)).toEqual(['会员注册', '购物指南', '安全购买']);
    expect(guide.children[0].url).toBe(`/help/xrzn/hyzc?id=${guide.children[0].id}`);
    expect(service.children.map((a: { name: string }) => a.name)).toEqual([
      '网站资质',
      '用户协议',
      '专属客服',
    ]);
    // Without a parameter the footer's category is the default.
    expect((await c.get('/api/article/category')).body.data).toEqual(body.data);
  });

  it('pages through news newest first, with ten-digit times', async () => {
    const first = await c.get('/api/article/list?category_id=1&page_size=3');
    expect(first.body.data).toMatchObject({ total: 4, page: 1, page_size: 3, total_page: 2 });
    const times = first.body.data.list.map((a: { published_at: number }) => a.published_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(String(times[0])).toMatch(/^\d{10}$/);
    expect(first.body.data.list[0]).toMatchObject({
      title: expect.stringContaining('追溯'),
      category_id: 1,
      url: expect.stringMatching(/^\/help_news_info\/\d+\/1$/),
    });
    const second = await c.get('/api/article/list?category_id=1&page_size=3&page=2');
    expect(second.body.data.list).toHaveLength(1);
    // The help root rolls up its columns' articles; an empty category means all of them.
    expect((await c.get('/api/article/list?category_id=3')).body.data.total).toBe(11);
    expect((await c.get('/api/article/list?category_id=&page=1')).body.data.total).toBe(18);
  });

  it('shows one article with its HTML body and category', async () => {
    const [first] = (await c.get('/api/article/list?category_id=2')).body.data.list;
    const { body } = await c.get(`/api/article/detail/${first.id}`);
    expect(body.data).toMatchObject({
      id: first.id,
      title: first.title,
      category_id: 2,
      category_name: '公司新闻',
    });
    expect(body.data.body).toMatch(/^<p>/);
    expect((await c.get('/api/article/detail/999999')).status).toBe(404);
    const bad = await c.get('/api/article/detail/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe(422);
  });

  it('keeps a scheduled article hidden until its publication time', async () => {
    const id = await createArticle(t.ctx.database.db, {
      category_id: 2,
      title: '年中采购节预告',
      body: '<p>敬请期待</p>',
      published_at: later(2 * HOUR),
    });
    expect((await c.get(`/api/article/detail/${id}`)).status).toBe(404);
    const saved = t.clock.now;
    t.clock.now = later(3 * HOUR);
    expect((await c.get(`/api/article/detail/${id}`)).body.data.title).toBe('年中采购节预告');
    expect((await c.get('/api/article/list?category_id=2')).body.data.list[0].id).toBe(id);
    t.clock.now = saved;
  });
});

describe('ads and side links', () => {
  it('serves every layout position from the database', async () => {
    const focus = (await c.get('/api/focus')).body.data;
    expect(focus.length).toBeGreaterThanOrEqual(4);
    for (const ad of focus)
      expect(ad).toEqual({
        id: expect.any(Number),
        url: expect.stringMatching(/^\//),
        image: expect.stringMatching(/^\/media\/\d+$/),
        title: expect.any(String),
      });
    expect((await c.get('/api/focus/top')).body.data).toMatchObject({
      url: '/register',
      image: expect.stringMatching(/^\/media\/\d+$/),
    });
    for (const path of ['right', 'common', 'dbxfc', 'login']) {
      const { body } = await c.get(`/api/focus/${path}`);
      expect(body.code).toBe(10000);
      expect(body.data.length).toBeGreaterThan(0);
    }
    const links = (await c.get('/api/global/links')).body.data;
    expect(links.length).toBeGreaterThanOrEqual(4);
    expect(links[0]).toMatchObject({
      id: expect.any(Number),
      url: '/lqzx',
      image: expect.stringMatching(/^\/media\/\d+$/),
    });
  });

  it('honours an ad booking window', async () => {
    const image = (await c.get('/api/focus/top')).body.data.image;
    const db = t.ctx.database.db;
    const id = await createAd(db, {
      position: 'top',
      title: '双十二',
      url: '/hb',
      image,
      sort: -1,
      starts_at: later(HOUR),
      ends_at: later(2 * HOUR),
    });
    const saved = t.clock.now;
    expect((await c.get('/api/focus/top')).body.data.id).not.toBe(id);
    t.clock.now = new Date(saved.getTime() + HOUR); // the start is inclusive
    expect((await c.get('/api/focus/top')).body.data.id).toBe(id);
    t.clock.now = new Date(saved.getTime() + 2 * HOUR); // the end is exclusive
    expect((await c.get('/api/focus/top')).body.data.id).not.toBe(id);
    t.clock.now = saved;
  });

  it('refuses an ad that ends before it starts', async () => {
    await expect(
      createAd(t.ctx.database.db, {
        position: 'top',
        image: '/media/1',
        starts_at: later(HOUR),
        ends_at: later(0),
      }),
    ).rejects.toMatchObject({ kind: 'validation', message: '结束时间须晚于开始时间' });
  });

  it('serves the generated images as SVG with a long cache', async () => {
    const [ad] = (await c.get('/api/focus')).body.data;
    const res = await t.app.inject({ method: 'GET', url: ad.image });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="790" height="340"/);
    expect(res.body).toContain(ad.title);
    expect(res.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });
});
