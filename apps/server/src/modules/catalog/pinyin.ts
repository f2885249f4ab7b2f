import { customPinyin, pinyin } from 'pinyin-pro';

/**
 * Readings pinyin-pro gets wrong in medicine and company names. Its word dictionary settles
 * most polyphones by context (重庆 chong, 长春 chang, 白术 zhu); these are the trade terms it
 * does not know: 参 is shen in herbs, 阿胶 is e jiao, 藏药 is zang yao, 还少丹 is huan.
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
};

let installed = false;
function install(): void {
  if (installed) return;
  customPinyin(PHARMA_READINGS);
  installed = true;
}

// Keeps letters and digits (B6, 999) and drops punctuation, spaces and symbols.
const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface PinyinKeys {
  /** First letters, e.g. 阿莫西林 → 'amxl'; letters and digits of the text stay as they are. */
  initials: string;
  /** Full pinyin without tones or spaces, e.g. 'amoxilin'; ü is written v. */
  full: string;
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

function compute(text: string): PinyinKeys {
  install();
  if (!text.trim()) return { initials: '', full: '' };
  const opts = { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true } as const;
  const full = pinyin(text, opts);
  const initials = pinyin(text, { ...opts, pattern: 'first' });
  return { initials: initials.map(clean).join(''), full: full.map(clean).join('') };
}

/**
 * Keys of several texts (generic name and trade name), joined by a space so that a prefix
 * query can start at the beginning of any of them (`like 'gml%' or like '% gml%'`).
 */
export function pinyinKeysOf(...texts: string[]): PinyinKeys {
  const keys = texts.filter((t) => t.trim()).map(pinyinKeys);
  return { initials: keys.map((k) => k.initials).join(' '), full: keys.map((k) => k.full).join(' ') };
}
