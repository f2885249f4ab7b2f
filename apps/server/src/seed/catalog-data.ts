/**
 * Word lists of the demo catalogue: the category tree, kinds of product, warehouses and
 * dosage forms. Manufacturers and brands are in catalog-makers.ts, the product families
 * that combine them in catalog-families-*.ts.
 */

/** Root categories with their children. `code` marks the roots the zone menus start from. */
export const CATEGORY_TREE: { name: string; code: string; colour: string; children: string[] }[] = [
  {
    name: '西药',
    code: 'xy',
    colour: '#1b5fd9',
    children: [
      '抗感染药',
      '感冒用药',
      '解热镇痛',
      '呼吸系统用药',
      '消化系统用药',
      '心脑血管用药',
      '内分泌与代谢',
      '神经系统用药',
      '维生素矿物质',
      '抗过敏药',
      '皮肤科用药',
      '五官科用药',
      '泌尿生殖用药',
    ],
  },
  {
    name: '中成药',
    code: 'zcy',
    colour: '#c0392b',
    children: [
      '感冒清热类',
      '清热解毒类',
      '止咳化痰类',
      '脾胃消化类',
      '心脑血管类',
      '补益安神类',
      '妇科用药',
      '儿科用药',
      '骨伤风湿类',
    ],
  },
  {
    name: '中药饮片',
    code: 'zyyp',
    colour: '#8d6e3f',
    children: ['根茎类', '果实种子类', '花叶全草类', '皮藤木类', '动物矿物类', '滋补参茸类'],
  },
  {
    name: '医疗器械',
    code: 'ylqx',
    colour: '#0e8a8f',
    children: ['家用检测', '医用耗材', '敷料护理', '防护用品', '康复理疗'],
  },
  {
    name: '保健食品',
    code: 'bjsp',
    colour: '#f26b1d',
    children: ['维生素营养素', '增强免疫力', '骨骼健康', '调节血脂'],
  },
  {
    name: '计生用品',
    code: 'jsyp',
    colour: '#d63384',
    children: ['避孕套', '避孕药', '孕育检测', '私护用品'],
  },
  { name: '消毒用品', code: 'xdyp', colour: '#0f9d6b', children: ['皮肤消毒', '环境消毒', '手部消毒'] },
];

/**
 * Kinds of product: the business-scope class a buyer must hold, the approval letter and the
 * manufacturer pool the families draw from when they name no makers themselves.
 */
export const KINDS = {
  chem: { scope: '化学药制剂', letter: 'H', pool: 'chem' },
  abx: { scope: '抗生素制剂', letter: 'H', pool: 'abx' },
  bio: { scope: '生物制品', letter: 'S', pool: 'bio' },
  tcm: { scope: '中成药', letter: 'Z', pool: 'tcm' },
  yp: { scope: '中药饮片', letter: '', pool: 'yp' },
  dev1: { scope: '第一类医疗器械', letter: '', pool: 'dev' },
  dev2: { scope: '第二类医疗器械', letter: '', pool: 'dev' },
  food: { scope: '保健食品', letter: '', pool: 'food' },
  xd: { scope: '消毒产品', letter: '', pool: 'xd' },
} as const;
export type Kind = keyof typeof KINDS;

export const WAREHOUSES = [
  { name: '康采医药杭州仓', region: '浙江省 杭州市', weight: 6 },
  { name: '康采医药武汉仓', region: '湖北省 武汉市', weight: 3 },
  { name: '康采医药广州仓', region: '广东省 广州市', weight: 2 },
];

/**
 * Dosage forms: the unit counted in a pack, the pack counts sold and the packing unit.
 * A count of 1 means the specification is the dose alone (10g, 100ml).
 */
export const FORMS: Record<string, { unit: string; counts: number[]; bzdw: string; dosage: string }> = {
  片: { unit: '片', counts: [12, 24, 36, 48, 60, 100], bzdw: '盒', dosage: '片剂' },
  肠溶片: { unit: '片', counts: [24, 30, 60, 100], bzdw: '盒', dosage: '片剂' },
  缓释片: { unit: '片', counts: [10, 20, 30], bzdw: '盒', dosage: '片剂' },
  控释片: { unit: '片', counts: [7, 14, 28], bzdw: '盒', dosage: '片剂' },
  分散片: { unit: '片', counts: [6, 12, 24], bzdw: '盒', dosage: '片剂' },
  咀嚼片: { unit: '片', counts: [24, 36, 60], bzdw: '盒', dosage: '片剂' },
  含片: { unit: '片', counts: [12, 16, 24, 36], bzdw: '盒', dosage: '片剂' },
  泡腾片: { unit: '片', counts: [10, 20], bzdw: '支', dosage: '片剂' },
  阴道片: { unit: '片', counts: [1, 3], bzdw: '盒', dosage: '片剂' },
  胶囊: { unit: '粒', counts: [12, 20, 24, 36, 48], bzdw: '盒', dosage: '胶囊剂' },
  肠溶胶囊: { unit: '粒', counts: [7, 14, 28], bzdw: '盒', dosage: '胶囊剂' },
  缓释胶囊: { unit: '粒', counts: [8, 10, 20], bzdw: '盒', dosage: '胶囊剂' },
  软胶囊: { unit: '粒', counts: [12, 24, 36, 60], bzdw: '盒', dosage: '胶囊剂' },
  阴道软胶囊: { unit: '粒', counts: [3, 6], bzdw: '盒', dosage: '胶囊剂' },
  颗粒: { unit: '袋', counts: [6, 9, 10, 12, 18, 20], bzdw: '盒', dosage: '颗粒剂' },
  干混悬剂: { unit: '袋', counts: [6, 9, 12], bzdw: '盒', dosage: '混悬剂' },
  散: { unit: '袋', counts: [6, 9, 10, 12], bzdw: '盒', dosage: '散剂' },
  口服液: { unit: '支', counts: [6, 10, 12], bzdw: '盒', dosage: '合剂' },
  水: { unit: '支', counts: [6, 10], bzdw: '盒', dosage: '酊剂' },
  口服溶液: { unit: '瓶', counts: [1], bzdw: '瓶', dosage: '溶液剂' },
  糖浆: { unit: '瓶', counts: [1], bzdw: '瓶', dosage: '糖浆剂' },
  混悬液: { unit: '瓶', counts: [1], bzdw: '瓶', dosage: '混悬剂' },
  滴剂: { unit: '粒', counts: [12, 30, 60], bzdw: '盒', dosage: '滴剂' },
  丸: { unit: '丸', counts: [10, 12], bzdw: '盒', dosage: '丸剂' },
  浓缩丸: { unit: '丸', counts: [120, 200, 360], bzdw: '瓶', dosage: '丸剂' },
  滴丸: { unit: '丸', counts: [60, 150, 180, 270], bzdw: '瓶', dosage: '滴丸剂' },
  软膏: { unit: '支', counts: [1], bzdw: '支', dosage: '软膏剂' },
  乳膏: { unit: '支', counts: [1], bzdw: '支', dosage: '乳膏剂' },
  凝胶: { unit: '支', counts: [1], bzdw: '支', dosage: '凝胶剂' },
  膏: { unit: '支', counts: [1], bzdw: '盒', dosage: '膏剂' },
  贴膏: { unit: '贴', counts: [4, 6, 8, 10], bzdw: '盒', dosage: '贴膏剂' },
  滴眼液: { unit: '支', counts: [1], bzdw: '支', dosage: '滴眼剂' },
  滴鼻液: { unit: '支', counts: [1], bzdw: '支', dosage: '滴鼻剂' },
  气雾剂: { unit: '瓶', counts: [1], bzdw: '瓶', dosage: '气雾剂' },
  喷雾剂: { unit: '瓶', counts: [1], bzdw: '瓶', dosage: '喷雾剂' },
  洗剂: { unit: '瓶', counts: [1], bzdw: '瓶', dosage: '洗剂' },
  栓: { unit: '粒', counts: [5, 6, 10, 12], bzdw: '盒', dosage: '栓剂' },
  注射液: { unit: '支', counts: [1, 5, 10], bzdw: '盒', dosage: '注射剂' },
  油: { unit: '瓶', counts: [1], bzdw: '瓶', dosage: '搽剂' },
  油精: { unit: '瓶', counts: [1], bzdw: '瓶', dosage: '搽剂' },
  露: { unit: '瓶', counts: [1], bzdw: '瓶', dosage: '糖浆剂' },
  液: { unit: '支', counts: [6, 10, 12], bzdw: '盒', dosage: '合剂' },
  浆: { unit: '支', counts: [12, 24, 48], bzdw: '盒', dosage: '合剂' },
  创可贴: { unit: '片', counts: [8, 20, 100], bzdw: '盒', dosage: '贴剂' },
};

/** Storage conditions by how a product must be kept. */
export const STORAGE = {
  normal: '常温（10–30℃），密封保存',
  cool: '阴凉（不超过20℃），密封保存',
  cold: '冷藏（2–8℃），避光保存',
  dry: '置通风干燥处，防潮防蛀',
} as const;
export type StorageKey = keyof typeof STORAGE;
