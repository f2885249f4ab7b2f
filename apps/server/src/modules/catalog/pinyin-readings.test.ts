import { describe, expect, it } from 'vitest';
import { MAX_FULL_READINGS, MAX_INITIALS_READINGS, pinyinKeys } from './pinyin.js';
import { searchColumns, searchGrams } from './search-keys.js';

/**
 * Real drug names and makers with polyphonic characters, and initials a buyer types for them
 * with a reading other than the one pinyin-pro gives in context (or the one the trade uses,
 * when pinyin-pro gives another). Each must be among the indexed readings.
 */
const TYPED: [text: string, typed: string][] = [
  // 参 cān / shēn
  ['参麦注射液', 'cmzsy'],
  ['参麦注射液', 'smzsy'],
  ['参三七伤药胶囊', 'csqsyjn'],
  ['参三七伤药胶囊', 'ssqsyjn'],
  ['参苓白术散', 'clbzs'],
  ['参苓白术散', 'slbzs'],
  ['参苓白术散', 'slbss'],
  ['参芪降糖颗粒', 'cqjtkl'],
  ['参芪降糖颗粒', 'sqjtkl'],
  ['参松养心胶囊', 'csyxjn'],
  ['参松养心胶囊', 'ssyxjn'],
  ['参附注射液', 'cfzsy'],
  ['参附注射液', 'sfzsy'],
  ['复方丹参滴丸', 'ffdsdw'],
  ['复方丹参滴丸', 'ffdcdw'],
  ['复方丹参片', 'ffdcp'],
  ['丹参注射液', 'dczsy'],
  ['人参健脾丸', 'rsjpw'],
  ['人参健脾丸', 'rcjpw'],
  ['党参', 'ds'],
  ['党参', 'dc'],
  ['生脉饮(党参方)', 'smydcf'],
  ['玄参', 'xc'],
  ['苦参片', 'kcp'],
  ['太子参', 'tzc'],
  ['参桂再造丸', 'cgzzw'],
  ['参茸保胎丸', 'crbtw'],
  ['参芪五味子片', 'cqwwzp'],
  // 咳 ké / hāi
  ['百咳静糖浆', 'bkjtj'],
  ['百咳静糖浆', 'bhjtj'],
  ['肺力咳合剂', 'flkhj'],
  ['肺力咳合剂', 'flhhj'],
  ['咳特灵胶囊', 'ktljn'],
  ['咳特灵胶囊', 'htljn'],
  ['止咳宝片', 'zkbp'],
  ['止咳宝片', 'zhbp'],
  ['小儿咳喘灵颗粒', 'xekclkl'],
  ['小儿咳喘灵颗粒', 'xehclkl'],
  ['急支糖浆(咳嗽)', 'jztjks'],
  ['咳速停糖浆', 'ksttj'],
  ['咳速停糖浆', 'hsttj'],
  ['强力止咳宁胶囊', 'qlzknjn'],
  ['苏黄止咳胶囊', 'shzkjn'],
  ['苏黄止咳胶囊', 'shzhjn'],
  // 脯 fǔ / pú
  ['赖脯胰岛素注射液', 'lpydszsy'],
  ['赖脯胰岛素注射液', 'lfydszsy'],
  ['精蛋白锌重组赖脯胰岛素混合注射液(25R)', 'jdbxczlpydshhzsy25r'],
  ['精蛋白锌重组赖脯胰岛素混合注射液(25R)', 'jdbxzzlfydshhzsy25r'],
  // 重 chóng / zhòng
  ['重组人胰岛素注射液', 'czrydszsy'],
  ['重组人胰岛素注射液', 'zzrydszsy'],
  ['重组人干扰素α2b注射液', 'czrgrs2bzsy'],
  ['重庆太极实业(集团)股份有限公司', 'cqtjsyjtgfyxgs'],
  ['重庆太极实业(集团)股份有限公司', 'zqtjsyjtgfyxgs'],
  ['重庆华邦制药有限公司', 'cqhbzyyxgs'],
  ['重庆华邦制药有限公司', 'zqhbzyyxgs'],
  ['重庆药友制药有限责任公司', 'zqyyzyyxzrgs'],
  // 长 cháng / zhǎng
  ['吉林长白山药业集团股份有限公司', 'jlcbsyyjtgfyxgs'],
  ['吉林长白山药业集团股份有限公司', 'jlzbsyyjtgfyxgs'],
  ['长白山人参', 'cbsrs'],
  ['长白山人参', 'zbsrc'],
  ['长春高新技术产业(集团)股份有限公司', 'ccgxjscyjtgfyxgs'],
  ['长春高新技术产业(集团)股份有限公司', 'zcgxjscyjtgfyxgs'],
  ['长春海悦药业股份有限公司', 'cchyyygfyxgs'],
  ['宜昌东阳光长江药业股份有限公司', 'ycdygcjyygfyxgs'],
  ['宜昌东阳光长江药业股份有限公司', 'ycdygzjyygfyxgs'],
  ['长春西汀注射液', 'ccxtzsy'],
  ['长春西汀注射液', 'zcxtzsy'],
  // 行 háng / xíng
  ['上海闵行制药厂', 'shmhzyc'],
  ['上海闵行制药厂', 'shmxzyc'],
  ['行气止痛丸', 'xqztw'],
  ['行气止痛丸', 'hqztw'],
  // 朝 zhāo / cháo
  ['上海朝晖药业有限公司', 'shzhyyyxgs'],
  ['上海朝晖药业有限公司', 'shchyyyxgs'],
  ['朝阳制药', 'cyzy'],
  ['朝阳制药', 'zyzy'],
  // 藏 zàng / cáng
  ['西藏奇正藏药股份有限公司', 'xzqzzygfyxgs'],
  ['西藏奇正藏药股份有限公司', 'xcqzcygfyxgs'],
  ['藏红花', 'zhh'],
  ['藏红花', 'chh'],
  ['西藏神猴药业有限责任公司', 'xzshyyyxzrgs'],
  // 阿 ē / ā
  ['阿胶补血颗粒', 'ejbxkl'],
  ['阿胶补血颗粒', 'ajbxkl'],
  ['东阿阿胶股份有限公司', 'deejgfyxgs'],
  ['东阿阿胶股份有限公司', 'daajgfyxgs'],
  ['复方阿胶浆', 'ffajj'],
  ['阿莫西林胶囊', 'amxljn'],
  ['阿奇霉素分散片', 'aqmsfsp'],
  // 术 zhú / shù
  ['白术', 'bz'],
  ['白术', 'bs'],
  ['苍术', 'cs'],
  ['莪术油注射液', 'ezyzsy'],
  ['莪术油注射液', 'esyzsy'],
  ['香砂六君丸(白术)', 'xsljwbs'],
  // 解 jiě / xiè
  ['银翘解毒片', 'yqjdp'],
  ['银翘解毒片', 'yqxdp'],
  ['清热解毒口服液', 'qrjdkfy'],
  // 调 tiáo / diào
  ['调经促孕丸', 'tjcyw'],
  ['调经促孕丸', 'djcyw'],
  ['调经止痛片', 'djztp'],
  // 单 dān / shàn
  ['单硝酸异山梨酯片', 'dxsyslzp'],
  ['单硝酸异山梨酯片', 'sxsyslzp'],
  // 乐 lè / yuè
  ['可乐必妥', 'klbt'],
  ['可乐必妥', 'kybt'],
  ['乐普(北京)医疗器械股份有限公司', 'lpbjylqxgfyxgs'],
  ['乐普(北京)医疗器械股份有限公司', 'ypbjylqxgfyxgs'],
  // 降 jiàng / xiáng, 强 qiáng / jiàng
  ['参芪降糖颗粒', 'cqxtkl'],
  ['强的松片', 'qdsp'],
  ['强的松片', 'jdsp'],
  ['强力枇杷露', 'qlppl'],
  ['强力枇杷露', 'jlppl'],
  // 便 biàn / pián, 泌 mì / bì
  ['便通胶囊', 'btjn'],
  ['便通胶囊', 'ptjn'],
  ['前列泌尿', 'qlmn'],
  ['前列泌尿', 'qlbn'],
  // 厦 xià / shà, 蚌 bèng / bàng
  ['厦门中药厂有限公司', 'xmzycyxgs'],
  ['厦门中药厂有限公司', 'smzycyxgs'],
  ['蚌埠丰原涂山制药有限公司', 'bbfytszyyxgs'],
  ['蚌埠丰原涂山制药有限公司', 'bengbufengyuantushanzhiyaoyouxiangongsi'],
  ['蚌埠丰原涂山制药有限公司', 'bangbufengyuantushanzhiyaoyouxiangongsi'],
  // 蛤 gé / há, 枸 jǔ / gǒu, 茜 qiàn / xī
  ['蛤蚧定喘丸', 'gjdcw'],
  ['蛤蚧定喘丸', 'hjdcw'],
  ['枸橼酸铋钾胶囊', 'jysbjjn'],
  ['枸橼酸铋钾胶囊', 'gysbjjn'],
  ['枸杞子', 'gqz'],
  ['枸杞子', 'jqz'],
  ['茜草', 'qc'],
  ['茜草', 'xc'],
  // 血 xuè / xiě, 塞 sāi / sè, 薄 bò / báo, 大 dà / dài
  ['血塞通软胶囊', 'xstrjn'],
  ['血塞通软胶囊', 'xuesaitong'],
  ['血塞通软胶囊', 'xiesaitong'],
  ['薄荷脑', 'bhn'],
  ['大黄碳酸氢钠片', 'dhtsqnp'],
  ['大黄碳酸氢钠片', 'daihuang'],
  // 广 guǎng, 和 hé / huò, 华 huá
  ['广州白云山和记黄埔中药有限公司', 'gzbyshjhpzyyxgs'],
  ['华润三九医药股份有限公司', 'hrsjyygfyxgs'],
  // Full pinyin typed with the other reading.
  ['参麦注射液', 'canmai'],
  ['百咳静糖浆', 'baihaijing'],
  ['上海闵行制药厂', 'shanghaiminxing'],
  ['上海闵行制药厂', 'shanghaiminhang'],
  ['吉林长白山药业集团股份有限公司', 'jilinchangbaishan'],
  ['上海朝晖药业有限公司', 'shanghaizhaohui'],
  ['上海朝晖药业有限公司', 'shanghaichaohui'],
  ['赖脯胰岛素注射液', 'laifu'],
  ['赖脯胰岛素注射液', 'laipu'],
];

/** The readings of a text as stored: initials and full pinyin, each reading a part. */
function readings(text: string): string[] {
  const c = searchColumns({ name: text, sccj: text });
  return [...c.pyInitials.split(' '), ...c.pyFull.split(' '), ...c.sccjPyInitials.split(' ')];
}

describe('polyphonic readings', () => {
  it('has a table of at least 100 typed names and makers', () => {
    expect(TYPED.length).toBeGreaterThanOrEqual(100);
  });

  it.each(TYPED)('%s is found by %s', (text, typed) => {
    // The buyer types the whole reading or a start of it: some part starts with it.
    expect(readings(text).some((r) => r.startsWith(typed))).toBe(true);
    // Its first two letters are an n-gram term (initials anywhere, full pinyin at the start),
    // so the two-letter query on the way finds it as well, as a name and as a maker.
    const grams = searchGrams(text, '', text);
    const two = typed.slice(0, 2);
    expect(grams.includes(`i:${two}`) || grams.includes(`f:${two}`)).toBe(true);
    expect(grams.includes(`mi:${two}`) || grams.includes(`mf:${two}`)).toBe(true);
  });

  it('keeps the reading the trade uses first (it ranks and sorts)', () => {
    expect(pinyinKeys('参麦注射液').initials).toBe('smzsy');
    expect(pinyinKeys('百咳静糖浆').initials).toBe('bkjtj');
    expect(pinyinKeys('上海闵行制药厂').full).toBe('shanghaiminhangzhiyaochang');
    expect(pinyinKeys('吉林长白山药业集团股份有限公司').initials).toBe('jlcbsyyjtgfyxgs');
    expect(pinyinKeys('上海朝晖药业有限公司').full).toBe('shanghaizhaohuiyaoyeyouxiangongsi');
  });

  it('does not flood: rare readings of common characters are left out', () => {
    // 股份 read gǔ bīn would make `gb` match every 股份有限公司; 注射液 read zhù yè yè, `yy`.
    for (const maker of ['华润三九医药股份有限公司', '哈药集团制药总厂', '广州白云山制药股份有限公司']) {
      expect(pinyinKeys(maker).otherInitials).toEqual([]);
    }
    expect(pinyinKeys('注射用头孢曲松钠').otherInitials).toEqual([]);
    expect(pinyinKeys('阿莫西林胶囊').otherInitials).toEqual(['emxljn']);
    expect(searchGrams('葡萄糖注射液', '', '')).not.toContain('i:yy');
  });

  it('bounds the readings of a text however many polyphones it has', () => {
    const k = pinyinKeys('参参参参参参参参长长长长行行行行朝朝朝朝');
    expect(1 + k.otherInitials.length).toBeLessThanOrEqual(MAX_INITIALS_READINGS);
    expect(1 + k.otherFull.length).toBeLessThanOrEqual(MAX_FULL_READINGS);
    expect(new Set([k.initials, ...k.otherInitials]).size).toBe(1 + k.otherInitials.length);
    // The readings changing one character come first.
    const changed = [...k.otherInitials[0]!].filter((ch, i) => ch !== k.initials[i]);
    expect(changed).toHaveLength(1);
  });

  it('indexes the English (INN) name as full pinyin words', () => {
    const c = searchColumns({
      name: '阿莫西林克拉维酸钾片',
      sccj: '珠海联邦制药股份有限公司',
      innName: 'Amoxicillin and Clavulanate Potassium',
      approvalNo: '国药准字H20003263',
    });
    expect(c.pyFull.split(' ')).toEqual(
      expect.arrayContaining(['amoxicillinandclavulanatepotassium', 'clavulanate', 'potassium']),
    );
    // Its first word starts the whole (a prefix match, below Amoxicillin's exact one).
    expect(c.pyFull.split(' ')).not.toContain('amoxicillin');
    expect(c.pyFull.split(' ')).not.toContain('and');
    expect(c.searchGrams).toEqual(
      expect.arrayContaining([
        'x:amoxicillinandclavulanatepotassium',
        'x:clavulanate',
        'f:am',
        'x:国药准字h20003263',
      ]),
    );
    expect(searchColumns({ name: '阿莫西林胶囊', sccj: '', innName: 'Amoxicillin' }).searchGrams).toContain(
      'x:amoxicillin',
    );
  });
});
