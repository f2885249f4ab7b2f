import type { AdPosition } from '@kc/domain';
import type { Queryable } from '../platform/db.js';
import { saveMedia } from '../modules/content/media.js';
import { createAd, createSideLink } from '../modules/content/service.js';
import { AD_SIZES, bannerSvg, iconSvg, type Palette } from '../modules/content/images.js';

interface SeedAd {
  position: AdPosition & keyof typeof AD_SIZES;
  title: string;
  subtitle: string;
  action?: string;
  url: string;
  palette: Palette;
}

/** Every layout ad position, with banners pointing at real storefront routes. */
const ADS: SeedAd[] = [
  {
    position: 'focus',
    title: '春季呼吸道用药专场',
    subtitle: '感冒退热 · 止咳化痰 · 满3000减150',
    action: '立即抢购',
    url: '/mrtj',
    palette: 'red',
  },
  {
    position: 'focus',
    title: '品牌专区 厂家直供',
    subtitle: '百余家知名药企授权 正品保障 批号新鲜',
    action: '进入专区',
    url: '/ppzq',
    palette: 'blue',
  },
  {
    position: 'focus',
    title: '优选包邮 一件也包邮',
    subtitle: '精选常用品种 达到包邮数量即免运费',
    action: '去看看',
    url: '/yx',
    palette: 'orange',
  },
  {
    position: 'focus',
    title: '中药饮片专区',
    subtitle: '道地药材 GMP饮片厂直供 批批检验',
    action: '立即采购',
    url: '/zyyp',
    palette: 'green',
  },
  {
    position: 'focus',
    title: '领券中心 新会员专享',
    subtitle: '资质审核通过即可领取采购优惠券',
    action: '马上领券',
    url: '/lqzx',
    palette: 'purple',
  },
  { position: 'top', title: '新人首单立减', subtitle: '注册即享采购礼包', url: '/register', palette: 'red' },
  { position: 'right', title: '每日特价', subtitle: '限时限量 低至5折', url: '/mrtj', palette: 'orange' },
  {
    position: 'right',
    title: '器械专区',
    subtitle: '血压计 · 血糖仪 · 防护用品',
    url: '/qxzq',
    palette: 'teal',
  },
  {
    position: 'common',
    title: '正品保障 · GSP认证 · 全程可追溯',
    subtitle: '药品均来自合法渠道，随货同行单与追溯码齐全',
    url: '/help/fwbz/wzzz',
    palette: 'blue',
  },
  {
    position: 'dbxfc',
    title: '近效期专场 清仓特惠',
    subtitle: '效期明示 质量合格 价格低至3折',
    url: '/jxqzc',
    palette: 'red',
  },
  {
    position: 'login',
    title: '药店采购 一站式平台',
    subtitle: '正品低价 · 省内次日达 · 专属客服',
    url: '/',
    palette: 'blue',
  },
];

const SIDE_LINKS = [
  { name: '领券中心', label: '券', url: '/lqzx', palette: 'red' },
  { name: '每日特价', label: '特', url: '/mrtj', palette: 'orange' },
  { name: '品牌专区', label: '品', url: '/ppzq', palette: 'blue' },
  { name: '积分商城', label: '积', url: '/jfsc', palette: 'purple' },
  { name: '近效期', label: '效', url: '/jxqzc', palette: 'green' },
] as const;

const svg = (body: string, name: string) => ({ contentType: 'image/svg+xml' as const, body, name });

/** Generates every banner and side-link icon, stores it as media and creates the rows. */
export async function seedAdsAndLinks(db: Queryable): Promise<void> {
  let sort = 0;
  for (const ad of ADS) {
    const image = await saveMedia(
      db,
      svg(bannerSvg({ ...AD_SIZES[ad.position], ...ad }), `ad-${ad.position}-${sort}.svg`),
    );
    await createAd(db, { position: ad.position, title: ad.title, url: ad.url, image, sort: sort++ });
  }
  for (const [i, link] of SIDE_LINKS.entries()) {
    const image = await saveMedia(db, svg(iconSvg(link.label, link.palette, link.name), `side-${i}.svg`));
    await createSideLink(db, { name: link.name, url: link.url, image, sort: i });
  }
}
