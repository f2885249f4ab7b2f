import { describe, expect, it } from 'vitest';
import {
  approvalBlock,
  bannedBlock,
  hmBlock,
  kxBlock,
  kxReleased,
  licenceBlock,
  purchaseBlockFor,
  purchaseBlocksFor,
  requiredDocuments,
  scopeBlock,
  visitorBlock,
  type BuyerFacts,
  type GoodsFacts,
} from './compliance-rules.js';

const today = '2026-11-23';
const docs = (over: Partial<Record<string, string>> = {}): BuyerFacts['documents'] => [
  { type: 'business_licence', status: 'approved', validTo: over.business_licence ?? '2027-11-23' },
  { type: 'drug_licence', status: 'approved', validTo: over.drug_licence ?? '2027-11-23' },
  { type: 'hm_letter', status: 'approved', validTo: over.hm_letter ?? '2027-11-23' },
];
const buyer = (over: Partial<BuyerFacts> = {}): BuyerFacts => ({
  status: 'approved',
  companyType: '药店',
  region: '浙江省 杭州市 西湖区',
  scope: ['化学药制剂', '中成药'],
  documents: docs(),
  ...over,
});
const goods = (over: Partial<GoodsFacts> = {}): GoodsFacts => ({
  name: '阿莫西林胶囊',
  scopeClass: '化学药制剂',
  banTexts: ['阿莫西林胶囊', '化学药制剂', '抗感染药'],
  isHm: false,
  hmLimit: 0,
  isKx: false,
  kxReleased: false,
  ...over,
});

describe('visitorBlock', () => {
  it.each([
    [null, 'visitor'],
    [buyer(), null],
  ])('buyer %j → %s', (b, rule) => {
    expect(visitorBlock(b)?.rule ?? null).toBe(rule);
  });
});

describe('approvalBlock: not approved cannot buy', () => {
  it.each([
    ['approved', null, ''],
    ['pending', 'not_approved', '审核中'],
    ['draft', 'not_approved', '尚未提交'],
    ['rejected', 'not_approved', '未通过'],
  ] as const)('%s → %s', (status, rule, text) => {
    const b = approvalBlock(buyer({ status }));
    expect(b?.rule ?? null).toBe(rule);
    if (b) {
      expect(b.reason).toContain(text);
      expect(b.link).toBe('/zzzj');
      expect(b.unlock).toContain('资质');
    }
  });
});

describe('licenceBlock: an expired required licence blocks until a renewed one is approved', () => {
  it.each([
    ['valid licences', buyer(), null],
    ['expires today: still valid', buyer({ documents: docs({ drug_licence: today }) }), null],
    ['drug licence expired', buyer({ documents: docs({ drug_licence: '2026-11-22' }) }), '药品经营许可证'],
    ['business licence expired', buyer({ documents: docs({ business_licence: '2025-01-01' }) }), '营业执照'],
    [
      'renewal pending is not enough',
      buyer({
        documents: [
          ...docs({ drug_licence: '2026-01-01' }),
          { type: 'drug_licence', status: 'pending', validTo: '2031-01-01' },
        ],
      }),
      '审核中',
    ],
    [
      'renewal approved unlocks',
      buyer({
        documents: [
          ...docs({ drug_licence: '2026-01-01' }),
          { type: 'drug_licence', status: 'approved', validTo: '2031-01-01' },
        ],
      }),
      null,
    ],
    ['a clinic needs the medical institution licence', buyer({ companyType: '诊所' }), '医疗机构执业许可证'],
  ])('%s', (_label, b, text) => {
    const block = licenceBlock(b, today);
    if (text === null) expect(block).toBeNull();
    else {
      expect(block?.rule).toBe('licence_expired');
      expect(`${block?.reason}${block?.unlock}`).toContain(text);
    }
  });

  it.each([
    ['药店', ['business_licence', 'drug_licence']],
    ['批发企业', ['business_licence', 'drug_licence']],
    ['诊所', ['business_licence', 'medical_institution']],
    ['医院', ['business_licence', 'medical_institution']],
  ])('%s must hold %j', (type, list) => {
    expect(requiredDocuments(type)).toEqual(list);
  });
});

describe('scopeBlock: goods outside the business scope cannot be bought', () => {
  it.each([
    ['化学药制剂', null],
    ['中成药', null],
    ['生物制品', '您的经营范围不包含“生物制品”，暂不能购买'],
    ['第二类医疗器械', '您的经营范围不包含“第二类医疗器械”，暂不能购买'],
  ])('%s → %s', (scopeClass, reason) => {
    const b = scopeBlock(buyer(), goods({ scopeClass }));
    expect(b?.reason ?? null).toBe(reason);
    if (b) expect(b.unlock).toContain(scopeClass);
  });
});

describe('hmBlock: 含麻 goods need a letter and respect the per-order limit', () => {
  it.each([
    ['not 含麻', goods(), buyer(), 999, null],
    ['letter on file, within limit', goods({ isHm: true, hmLimit: 20 }), buyer(), 20, null],
    ['over the goods limit', goods({ isHm: true, hmLimit: 20 }), buyer(), 21, 'hm_limit'],
    ['default limit when none set', goods({ isHm: true }), buyer(), 21, 'hm_limit'],
    ['default limit reached exactly', goods({ isHm: true }), buyer(), 20, null],
    ['no letter', goods({ isHm: true }), buyer({ documents: docs().slice(0, 2) }), 1, 'hm_letter'],
    [
      'expired letter',
      goods({ isHm: true }),
      buyer({ documents: docs({ hm_letter: '2026-11-01' }) }),
      1,
      'hm_letter',
    ],
  ])('%s', (_label, g, b, n, rule) => {
    const block = hmBlock(b, g, n, today);
    expect(block?.rule ?? null).toBe(rule);
    if (rule === 'hm_letter') expect(block?.unlock).toContain('含麻药品采购委托书');
    if (rule === 'hm_limit') expect(block?.reason).toBe('含麻药品每单限购20件');
  });
});

describe('kx: 控销 goods only for the groups or regions they are released to', () => {
  it.each([
    ['no rules', [], false],
    ['any group, any region', [{ buyerGroup: '', region: '' }], true],
    ['own group', [{ buyerGroup: '药店', region: '' }], true],
    ['other group', [{ buyerGroup: '诊所', region: '' }], false],
    ['own province', [{ buyerGroup: '', region: '浙江省' }], true],
    ['other province', [{ buyerGroup: '', region: '江苏省' }], false],
    ['group and region must both match', [{ buyerGroup: '药店', region: '江苏省' }], false],
    [
      'one of several rules',
      [
        { buyerGroup: '诊所', region: '' },
        { buyerGroup: '', region: '浙江省 杭州市' },
      ],
      true,
    ],
  ])('%s → %s', (_label, rules, released) => {
    expect(kxReleased(rules, buyer())).toBe(released);
  });

  it.each([
    [goods(), null],
    [goods({ isKx: true, kxReleased: true }), null],
    [goods({ isKx: true, kxReleased: false }), 'kx_not_released'],
  ])('kxBlock %#', (g, rule) => {
    expect(kxBlock(g)?.rule ?? null).toBe(rule);
  });
});

describe('bannedBlock: banned categories can never be sold', () => {
  it.each([
    [['阿莫西林胶囊', '化学药制剂'], null],
    [['人用狂犬病疫苗', '生物制品'], '疫苗'],
    [['某某颗粒', '中药配方颗粒'], '中药配方颗粒'],
    [['盐酸吗啡片', '麻醉药品'], '麻醉药品'],
  ])('%j → %s', (banTexts, term) => {
    const b = bannedBlock(goods({ banTexts }));
    expect(b === null ? null : b.rule).toBe(term === null ? null : 'banned');
    if (term) expect(b?.reason).toContain(term);
  });
});

describe('purchaseBlockFor: the first rule that applies', () => {
  it.each([
    ['banned even for visitors', null, goods({ banTexts: ['疫苗'] }), 1, 'banned'],
    ['visitor', null, goods(), 1, 'visitor'],
    [
      'pending before scope',
      buyer({ status: 'pending' }),
      goods({ scopeClass: '生物制品' }),
      1,
      'not_approved',
    ],
    [
      'expired licence before scope',
      buyer({ documents: docs({ drug_licence: '2020-01-01' }) }),
      goods({ scopeClass: '生物制品' }),
      1,
      'licence_expired',
    ],
    ['kx before scope', buyer(), goods({ isKx: true, scopeClass: '生物制品' }), 1, 'kx_not_released'],
    ['scope', buyer(), goods({ scopeClass: '生物制品' }), 1, 'scope'],
    ['hm limit', buyer(), goods({ isHm: true, hmLimit: 5 }), 6, 'hm_limit'],
    ['all clear', buyer(), goods(), 1, null],
  ])('%s', (_label, b, g, n, rule) => {
    expect(purchaseBlockFor(b, g, n, today)?.rule ?? null).toBe(rule);
  });
});

describe('purchaseBlocksFor: the goods a buyer wants, all at once', () => {
  const hm = { ...goods({ name: '复方甘草片', isHm: true, hmLimit: 20 }), id: 2 };
  const plain = { ...goods(), id: 1 };
  const outOfScope = { ...goods({ scopeClass: '生物制品' }), id: 3 };

  it.each([
    ['nothing blocked: an empty map', [plain], [{ goodsId: 1, number: 5 }], []],
    [
      'only the blocked goods are in it',
      [plain, outOfScope],
      [{ goodsId: 1 }, { goodsId: 3 }],
      [[3, 'scope']],
    ],
    ['含麻 within the limit', [hm], [{ goodsId: 2, number: 20 }], []],
    [
      '含麻 lines of the same goods add up past the limit',
      [hm],
      [
        { goodsId: 2, number: 15 },
        { goodsId: 2, number: 10 },
      ],
      [[2, 'hm_limit']],
    ],
    [
      'a line without a number counts as one',
      [hm],
      [{ goodsId: 2, number: 20 }, { goodsId: 2 }],
      [[2, 'hm_limit']],
    ],
    ['goods no line wants are ignored', [outOfScope], [{ goodsId: 1 }], []],
  ] as const)('%s', (_name, facts, lines, blocked) => {
    const map = purchaseBlocksFor(buyer(), facts, lines, today);
    expect([...map].map(([id, b]) => [id, b.rule])).toEqual(blocked);
  });

  it('gives a visitor the visitor reason for every goods', () => {
    const map = purchaseBlocksFor(null, [plain, hm], [{ goodsId: 1 }, { goodsId: 2 }], today);
    expect([...map.values()].map((b) => b.rule)).toEqual(['visitor', 'visitor']);
  });
});
