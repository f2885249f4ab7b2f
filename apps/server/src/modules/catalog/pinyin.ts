import { customPinyin, pinyin } from 'pinyin-pro';

/**
 * Readings pinyin-pro gets wrong in medicine, company and place names: its word dictionary
 * settles most polyphones by context (重庆 chong, 长春 chang, 白术 zhu); these are the trade
 * terms it does not know. They make the *first* reading of a text (what ranks and sorts); the
 * other readings a buyer may type are indexed as well (`readingSlots`).
 */
const PHARMA_READINGS: Record<string, string> = {
  阿胶: 'ē jiāo',
  东阿: 'dōng ē',
  党参: 'dǎng shēn',
  参苓: 'shēn líng',
  参芪: 'shēn qí',
  参茸: 'shēn róng',
  参桂: 'shēn guì',
  参松: 'shēn sōng',
  参麦: 'shēn mài',
  参附: 'shēn fù',
  参三七: 'shēn sān qī',
  玄参: 'xuán shēn',
  苦参: 'kǔ shēn',
  沙参: 'shā shēn',
  太子参: 'tài zǐ shēn',
  藏药: 'zàng yào',
  藏族: 'zàng zú',
  还少: 'huán shǎo',
  重组: 'chóng zǔ',
  地黄: 'dì huáng',
  蛤蚧: 'gé jiè',
  枸橼酸: 'jǔ yuán suān',
  嘌呤: 'piào lìng',
  血栓: 'xuè shuān',
  血脂: 'xuè zhī',
  血压: 'xuè yā',
  血糖: 'xuè táng',
  银行: 'yín háng',
  单硝酸: 'dān xiāo suān',
  华润: 'huá rùn',
  朝阳: 'cháo yáng',
  // 咳 is ké in every medicine (pinyin-pro reads 百咳, 肺力咳 as hāi).
  咳: 'ké',
  莪术: 'é zhú',
  赖脯: 'lài pú',
  闵行: 'mǐn háng',
  长白山: 'cháng bái shān',
  长白: 'cháng bái',
  长江: 'cháng jiāng',
  长沙: 'cháng shā',
  长城: 'cháng chéng',
  长安: 'cháng ān',
  长效: 'cháng xiào',
  朝晖: 'zhāo huī',
  朝日: 'zhāo rì',
  六安: 'lù ān',
  蚌埠: 'bèng bù',
  番禺: 'pān yú',
  厦门: 'xià mén',
  莘县: 'shēn xiàn',
  乐陵: 'lào líng',
  大黄: 'dà huáng',
};

/**
 * Readings pinyin-pro lists for a character that a buyer practically never types in a drug or
 * company name. Left out of the index so that a common character does not make a common
 * query match everything (股份 read gu bin would make `gb` match every 股份有限公司).
 */
const RARE_READINGS: Record<string, string[]> = {
  份: ['bin'],
  毒: ['dai'],
  厂: ['an', 'han'],
  冒: ['mo'],
  广: ['an'],
  系: ['ji'],
  南: ['na'],
  内: ['na'],
  家: ['jie', 'gu'],
  石: ['dan'],
  射: ['ye', 'yi'],
  齐: ['ji', 'zi', 'zhai'],
  信: ['shen'],
  尿: ['sui'],
  殖: ['shi'],
  咀: ['zui'],
  食: ['si', 'yi'],
  臂: ['bei'],
  艾: ['yi'],
  红: ['gong'],
  那: ['nei', 'nuo'],
  叶: ['xie', 'she'],
  洗: ['xian'],
  枝: ['qi'],
  合: ['ge'],
  氏: ['zhi'],
  景: ['ying'],
  宛: ['yuan'],
  奥: ['yu'],
  思: ['sai'],
  丁: ['zheng'],
  啉: ['lan'],
  育: ['yo'],
  万: ['mo'],
  络: ['lao'],
  盖: ['he', 'ge'],
  敦: ['dui'],
  殷: ['yan'],
  得: ['dei'],
  勃: ['bei'],
  茄: ['jia'],
  芍: ['que'],
  无: ['mo'],
  褪: ['tun'],
  苹: ['peng'],
  谷: ['yu'],
  蛇: ['yi'],
  脉: ['mo'],
  屏: ['bing'],
  咖: ['ga'],
  种: ['chong'],
  省: ['xing'],
  沈: ['chen'],
  调: ['zhou'],
  区: ['ou'],
  参: ['san'],
  乐: ['yao'],
  单: ['chan'],
  和: ['hu'],
  莫: ['mu'],
  汤: ['shang'],
  责: ['zhai'],
  吲: ['shen'],
  埔: ['bu'],
  都: [],
  般: ['pan', 'bo'],
  华: [],
  藏: [],
  解: [],
  若: ['re'],
  率: [],
  会: [],
  否: ['pi'],
  识: ['zhi'],
  什: ['shi'],
  着: ['zhuo', 'zhao'],
  了: ['liao'],
  卡: ['qia'],
  地: [],
  的: [],
};

/**
 * Readings buyers type that pinyin-pro does not list for a character (added to the index
 * beside the listed ones).
 */
const EXTRA_READINGS: Record<string, string[]> = {
  // 蚌埠 is read bang bu by many; 埔 (黄埔) pu.
  蚌: ['bang'],
};

/** Most distinct initials strings indexed for one text, its first reading included. */
export const MAX_INITIALS_READINGS = 8;
/** Most distinct full-pinyin strings indexed for one text, its first reading included. */
export const MAX_FULL_READINGS = 4;

let installed = false;
function install(): void {
  if (installed) return;
  customPinyin(PHARMA_READINGS);
  installed = true;
}

// Keeps letters and digits (B6, 999) and drops punctuation, spaces and symbols.
const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
// A toned reading (cháng, lǜ) as stored: no tones, ü written v.
const toneless = (s: string) =>
  s
    .replace(/[üǖǘǚǜ]/g, 'v')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

export interface PinyinKeys {
  /** First letters, e.g. 阿莫西林 → 'amxl'; letters and digits of the text stay as they are. */
  initials: string;
  /** Full pinyin without tones or spaces, e.g. 'amoxilin'; ü is written v. */
  full: string;
  /**
   * Initials of the other plausible readings of the text's polyphones (参麦 → `cm` beside
   * `sm`), distinct, without `initials`; at most MAX_INITIALS_READINGS − 1.
   */
  otherInitials: string[];
  /** The same for the full pinyin (at most MAX_FULL_READINGS − 1). */
  otherFull: string[];
}

// Names and makers repeat across a catalogue (one maker, many goods): a bounded memo makes a
// 200,000-goods import spend its time in the database rather than in pinyin-pro.
const memo = new Map<string, PinyinKeys>();
const MEMO_MAX = 20_000;

/** Pinyin search keys of one text. */
export function pinyinKeys(text: string): PinyinKeys {
  const hit = memo.get(text);
  if (hit) return hit;
  const keys = compute(text);
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(text, keys);
  return keys;
}

/**
 * The readings of each character of a text: the one pinyin-pro gives in context first, then
 * the other readings it lists for the character (less RARE_READINGS, plus EXTRA_READINGS).
 * A run of letters and digits is one slot with one reading.
 */
export function readingSlots(text: string): string[][] {
  return slotsOf(text).map((s) => s.readings);
}

interface Slot {
  /** A Chinese character (its initial is a reading's first letter), else a letter/digit run. */
  zh: boolean;
  readings: string[];
}

function slotsOf(text: string): Slot[] {
  install();
  const items = pinyin(text, { type: 'all', toneType: 'none', nonZh: 'consecutive', v: true });
  const slots: Slot[] = [];
  for (const it of items) {
    if (!it.isZh) {
      const t = clean(it.origin);
      if (t) slots.push({ zh: false, readings: [t] });
      continue;
    }
    const first = clean(it.pinyin);
    if (!first) continue;
    const rare = RARE_READINGS[it.origin] ?? [];
    const listed = (it.polyphonic ?? []).map(toneless);
    const all = [first, ...listed, ...(EXTRA_READINGS[it.origin] ?? [])].filter(
      (r) => r && (r === first || !rare.includes(r)),
    );
    slots.push({ zh: true, readings: [...new Set(all)] });
  }
  return slots;
}

/**
 * Distinct strings made of one choice a slot, first choices first, then those changing one
 * slot, then two, …; at most `max`. Bounded however many polyphones a text holds.
 */
function combinations(slots: string[][], max: number): string[] {
  const out = new Set<string>([slots.map((s) => s[0]).join('')]);
  const poly = slots.flatMap((s, i) => (s.length > 1 ? [i] : []));
  const pick = slots.map(() => 0);
  // Changes `k` of the polyphonic slots from index `from` on, every alternative of each.
  const walk = (k: number, from: number): boolean => {
    if (k === 0) {
      out.add(slots.map((s, i) => s[pick[i]!]).join(''));
      return out.size >= max;
    }
    for (let p = from; p <= poly.length - k; p++) {
      const i = poly[p]!;
      for (let r = 1; r < slots[i]!.length; r++) {
        pick[i] = r;
        if (walk(k - 1, p + 1)) return true;
      }
      pick[i] = 0;
    }
    return false;
  };
  for (let k = 1; k <= poly.length && out.size < max; k++) if (walk(k, 0)) break;
  return [...out];
}

function compute(text: string): PinyinKeys {
  if (!text.trim()) return { initials: '', full: '', otherInitials: [], otherFull: [] };
  const slots = slotsOf(text);
  // Initials: a reading gives its first letter; a letter/digit run stays whole.
  const iniSlots = slots.map((s) => (s.zh ? [...new Set(s.readings.map((r) => r[0]!))] : s.readings));
  const [initials = '', ...otherInitials] = combinations(iniSlots, MAX_INITIALS_READINGS);
  const [full = '', ...otherFull] = combinations(
    slots.map((s) => s.readings),
    MAX_FULL_READINGS,
  );
  return { initials, full, otherInitials, otherFull };
}

/**
 * Keys of several texts (generic name and trade name), joined by a space so that a prefix
 * query can start at the beginning of any of them (`like 'gml%' or like '% gml%'`); the
 * other readings follow as further parts, so they match as a name's own reading does.
 */
export function pinyinKeysOf(...texts: string[]): PinyinKeys {
  const keys = texts.filter((t) => t.trim()).map(pinyinKeys);
  return {
    initials: keys.map((k) => k.initials).join(' '),
    full: keys.map((k) => k.full).join(' '),
    otherInitials: keys.flatMap((k) => k.otherInitials),
    otherFull: keys.flatMap((k) => k.otherFull),
  };
}

/** A text's readings as one stored column: the first, then the others, space-separated. */
export const allReadings = (first: string, others: string[]) => [first, ...others].filter(Boolean).join(' ');
