import { describe, expect, it } from 'vitest';
import {
  goodsListQuerySchema,
  goodsSuggestQuerySchema,
  ladderProblem,
  listingBan,
  zoneAdQuerySchema,
} from './catalog.js';

describe('listingBan refuses what may not be sold online', () => {
  it.each([
    [['疫苗'], '疫苗'],
    [['生物制品', '人用狂犬病疫苗（Vero细胞）'], '疫苗'],
    [['血液制品'], '血液制品'],
    [['麻醉药品'], '麻醉药品'],
    [['第一类精神药品'], '精神药品'],
    [['第二类精神药品'], '精神药品'],
    [['医疗用毒性药品'], '医疗用毒性药品'],
    [['放射性药品'], '放射性药品'],
    [['药品类易制毒化学品'], '易制毒化学品'],
    [['医疗机构制剂'], '医疗机构制剂'],
    [['中药配方颗粒'], '中药配方颗粒'],
  ])('%j is banned as %s', (texts, term) => {
    const ban = listingBan(texts);
    expect(ban?.term).toBe(term);
    expect(ban?.message).toContain('不得在网上销售');
  });

  it.each([
    [['西药', '抗感染药', '化学药制剂']],
    [['抗精神病药']],
    // 含麻 compounds sell under limits; they are not on the ban list.
    [['复方盐酸伪麻黄碱缓释胶囊', '化学药制剂']],
    [['中成药', '感冒用药']],
    [['中药饮片']],
    [[]],
  ])('%j may be listed', (texts) => {
    expect(listingBan(texts)).toBeNull();
  });

  it('names the text that matched', () => {
    expect(listingBan(['西药', '二类疫苗'])?.matched).toBe('二类疫苗');
  });
});

describe('goodsListQuerySchema', () => {
  it('fills defaults and treats blank parameters as absent', () => {
    expect(goodsListQuerySchema.parse({ select: '', keywords: ' ', zone: '' })).toMatchObject({
      page: 1,
      page_size: 20,
      sort: 'default',
      type: 0,
      select: undefined,
      keywords: '',
    });
  });

  it.each([
    [{ page: '0' }, '页码不能小于1'],
    [{ page_size: '1000' }, '每页数量不能大于100'],
    [{ sort: 'random' }, '排序方式有误'],
    [{ type: '2' }, '搜索类型只能是0或1'],
    [{ zone: 'xyz' }, '专区参数有误'],
    [{ select: 'abc' }, '分类必须是数字'],
    [{ keywords: 'x'.repeat(51) }, '搜索关键词不能超过50个字'],
  ])('%j is refused with %s', (input, message) => {
    const r = goodsListQuerySchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('search and zone-ad query schemas', () => {
  it('accepts the expiry sort', () => {
    expect(goodsListQuerySchema.parse({ sort: 'expiry', order: 'desc' })).toMatchObject({
      sort: 'expiry',
      order: 'desc',
    });
  });

  it.each([
    [
      { keywords: ' amxl ', type: '1' },
      { keywords: 'amxl', type: 1 },
    ],
    [{ keywords: '' }, { keywords: undefined, type: 0 }],
    [{}, { keywords: undefined, type: 0 }],
  ])('suggestion query %j → %j', (input, expected) => {
    expect(goodsSuggestQuerySchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ keywords: '阿'.repeat(51) }, '搜索关键词不能超过50个字'],
    [{ keywords: 'a', type: '3' }, '搜索类型只能是0或1'],
  ])('suggestion query %j is refused with %s', (input, message) => {
    expect(goodsSuggestQuerySchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it.each([
    [{ ids: '3,5' }, [3, 5]],
    [{ ids: ['7'] }, [7]],
    [{ ids: '' }, undefined],
    [{}, undefined],
  ])('zone-ad ids %j → %j', (input, ids) => {
    expect(zoneAdQuerySchema.parse(input).ids).toEqual(ids);
  });

  it('refuses a non-numeric ad id', () => {
    expect(zoneAdQuerySchema.safeParse({ ids: 'x' }).success).toBe(false);
  });
});

describe('ladderProblem', () => {
  it.each([
    [1000, [], null],
    [
      1000,
      [
        { number: 10, price: 950 },
        { number: 50, price: 900 },
      ],
      null,
    ],
    [1000, [{ number: 1, price: 950 }], '第1档阶梯价的起购数量必须大于1'],
    [1000, [{ number: 10, price: 1000 }], '第1档阶梯价的价格必须低于上一档'],
    [
      1000,
      [
        { number: 10, price: 950 },
        { number: 10, price: 900 },
      ],
      '第2档阶梯价的起购数量必须大于10',
    ],
    [
      1000,
      [
        { number: 10, price: 950 },
        { number: 50, price: 960 },
      ],
      '第2档阶梯价的价格必须低于上一档',
    ],
    [1000, [{ number: 10, price: 0 }], '第1档阶梯价的价格必须大于0'],
    [1000, [{ number: 10.5, price: 900 }], '第1档阶梯价的数量和价格必须是整数'],
  ])('price %i with %j → %s', (price, tiers, problem) => {
    expect(ladderProblem(price, tiers)).toBe(problem);
  });
});
