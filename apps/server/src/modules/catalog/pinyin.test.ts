import { describe, expect, it } from 'vitest';
import { pinyinKeys, pinyinKeysOf } from './pinyin.js';

describe('pinyinKeys', () => {
  it.each([
    ['阿莫西林', 'amxl', 'amoxilin'],
    ['华润三九医药股份有限公司', 'hrsjyygfyxgs', 'huarunsanjiuyiyaogufenyouxiangongsi'],
    // Polyphones read as the trade reads them.
    ['阿胶补血颗粒', 'ejbxkl', 'ejiaobuxuekeli'],
    ['党参', 'ds', 'dangshen'],
    ['参苓白术散', 'slbzs', 'shenlingbaizhusan'],
    ['重组人干扰素', 'czrgrs', 'chongzurenganraosu'],
    ['长春', 'cc', 'changchun'],
    ['西藏奇正藏药股份有限公司', 'xzqzzygfyxgs', 'xizangqizhengzangyaogufenyouxiangongsi'],
    // Letters and digits stay; punctuation goes; ü is v.
    ['维生素B6片', 'wssb6p', 'weishengsub6pian'],
    ['999感冒灵', '999gml', '999ganmaoling'],
    ['氯雷他定片(开瑞坦)', 'lltdpkrt', 'lvleitadingpiankairuitan'],
    ['', '', ''],
  ])('%s → %s / %s', (text, initials, full) => {
    expect(pinyinKeys(text)).toMatchObject({ initials, full });
  });

  it('joins the generic and trade names so either can start a prefix match', () => {
    expect(pinyinKeysOf('布洛芬缓释胶囊', '芬必得')).toMatchObject({
      initials: 'blfhsjn fbd',
      full: 'buluofenhuanshijiaonang fenbide',
    });
    expect(pinyinKeysOf('板蓝根颗粒', '')).toMatchObject({ initials: 'blgkl', full: 'banlangenkeli' });
  });
});
