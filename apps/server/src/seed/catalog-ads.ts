import { asc } from 'drizzle-orm';
import type { AdPosition } from '@kc/domain';
import type { Queryable } from '../platform/db.js';
import { bannerSvg, type Palette } from '../modules/content/images.js';
import { saveMedia } from '../modules/content/media.js';
import { createAd } from '../modules/content/service.js';
import { brands } from '../modules/catalog/schema.js';

interface ZoneAd {
  position: AdPosition;
  title: string;
  subtitle: string;
  action: string;
  url: string;
  palette: Palette;
}

/** Zone banners (SPEC §7 `/api/focus/<zone>`), each pointing at its zone page. */
const ZONE_ADS: ZoneAd[] = [
  {
    position: 'zyzq',
    title: '道地药材 中药饮片专区',
    subtitle: '产地直采 · 批批检验',
    action: '进入专区',
    url: '/zyyp',
    palette: 'green',
  },
  {
    position: 'zyzq',
    title: '滋补养生 精选参茸',
    subtitle: '人参 · 黄芪 · 枸杞 满2000减100',
    action: '立即采购',
    url: '/zyyp',
    palette: 'orange',
  },
  {
    position: 'kxzq',
    title: '控销专区 区域保护',
    subtitle: '审核通过即可采购 价格体系稳定',
    action: '查看品种',
    url: '/kxzq/list',
    palette: 'purple',
  },
  {
    position: 'new_kxzq',
    title: '控销新品上架',
    subtitle: '本周新增控销品种',
    action: '抢先看',
    url: '/kxzq/list',
    palette: 'blue',
  },
  {
    position: 'kxzq_ad',
    title: '控销品种 诚邀合作',
    subtitle: '单店授权 毛利空间大',
    action: '了解详情',
    url: '/kxzq',
    palette: 'red',
  },
  {
    position: 'kxzq_ad',
    title: '控销爆品推荐',
    subtitle: '连锁药房热销单品',
    action: '立即采购',
    url: '/kxzq/list',
    palette: 'teal',
  },
  {
    position: 'yx',
    title: '优选好货 满额包邮',
    subtitle: '精选优选品种 单品包邮',
    action: '去选购',
    url: '/yx',
    palette: 'red',
  },
  {
    position: 'xrtj',
    title: '新人特价 首单专享',
    subtitle: '注册认证后即可享受',
    action: '立即领取',
    url: '/mrtj',
    palette: 'orange',
  },
];

const SIZE = { width: 1200, height: 300 } as const;
const BRAND_BANNERS = 6;

/** Generates the zone banners and one brand-zone banner per leading brand. */
export async function seedZoneAds(db: Queryable): Promise<void> {
  const save = (ad: Omit<ZoneAd, 'position'>, name: string) =>
    saveMedia(db, { contentType: 'image/svg+xml', body: bannerSvg({ ...SIZE, ...ad }), name });
  let sort = 0;
  for (const ad of ZONE_ADS) {
    const image = await save(ad, `ad-${ad.position}-${sort}.svg`);
    await createAd(db, { position: ad.position, title: ad.title, url: ad.url, image, sort: sort++ });
  }
  const leading = await db
    .select({ id: brands.id, name: brands.name, company: brands.company })
    .from(brands)
    .orderBy(asc(brands.sort), asc(brands.id))
    .limit(BRAND_BANNERS);
  const palettes: Palette[] = ['red', 'blue', 'green', 'orange', 'purple', 'teal'];
  for (const [i, b] of leading.entries()) {
    const ad = {
      title: `${b.name} 品牌馆`,
      subtitle: `${b.company} 官方授权`,
      action: '进入品牌',
      url: `/ppzq/info/${b.id}`,
      palette: palettes[i % palettes.length]!,
    };
    const image = await save(ad, `ad-ppzq-${b.id}.svg`);
    await createAd(db, { position: 'ppzq', title: ad.title, url: ad.url, image, sort: i });
  }
}
