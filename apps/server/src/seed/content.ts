import { ARTICLE_CATEGORY } from '@kc/domain';
import type { Queryable } from '../platform/db.js';
import { saveMedia } from '../modules/content/media.js';
import { qrPlaceholderSvg } from '../modules/content/qr.js';
import {
  createArticle,
  createArticleCategory,
  createHotSearch,
  createNavItem,
  hotSearchUrl,
  saveSiteSettings,
} from '../modules/content/service.js';
import { seedAdsAndLinks } from './content-ads.js';
import { HELP_COLUMNS, type SeedArticle } from './content-help.js';
import { COMPANY_NEWS, INDUSTRY_NEWS } from './content-news.js';

// Licence and filing numbers are made up for the demo; the operator enters the real ones.
const SITE = {
  title: '康采医药网',
  hot_line: '400-826-5198',
  complaint_line: '0571-88265199',
  service_name: '康采客服中心',
  service_phone: '0571-88265188',
  icp: '浙ICP备20031688号-1',
  pharmacy_licence: '药品经营许可证：浙AA5710386',
  device_licence:
    '医疗器械经营许可证：浙杭药监械经营许20190386号；第二类医疗器械经营备案凭证：浙杭药监械经营备20190512号',
  food_licence: '食品经营许可证：JY13301100123456',
  internet_drug_licence: '互联网药品信息服务资格证书：（浙）-经营性-2020-0086',
  company: '杭州康采医药有限公司',
  address: '浙江省杭州市余杭区仓前街道文一西路1218号3幢',
  qq1: '800826518',
  qq2: '800826519',
  // The platform's own report search (质检报告, uploaded per batch by the warehouse).
  quality_inspection_url: '/zjbg',
  quality_inspection_msg: '如需药品质检报告，请联系您的专属客服或拨打 400-826-5198 索取',
  payee_name: '杭州康采医药有限公司',
  payee_bank: '中国工商银行杭州余杭支行',
  payee_account: '1202 0217 0910 0386 518',
  return_address: '浙江省杭州市余杭区仓前街道文一西路1218号3幢 康采医药退货组 0571-88265188',
  tax_no: '91330110MA2CFK3868',
  invoice_drawer: '陈慧',
};

/** Top navigation: 9 items (SPEC §9), each a storefront route of SPEC §2. */
const NAV: { name: string; url: string; children?: { name: string; url: string }[] }[] = [
  { name: '首页', url: '/' },
  { name: '每日特价', url: '/mrtj' },
  { name: '品牌专区', url: '/ppzq' },
  { name: '优选包邮', url: '/yx' },
  { name: '中药饮片', url: '/zyyp' },
  { name: '器械专区', url: '/qxzq' },
  { name: '近效期专场', url: '/jxqzc' },
  { name: '控销专区', url: '/kxzq' },
  {
    name: '领券中心',
    url: '/lqzx',
    children: [
      { name: '积分商城', url: '/jfsc' },
      { name: '满额返现', url: '/hb' },
      { name: '全场94折', url: '/welfare' },
      { name: '组合购', url: '/zhzq' },
    ],
  },
];

const HOT_SEARCHES = [
  '阿莫西林',
  '布洛芬',
  '连花清瘟',
  '板蓝根',
  '999感冒灵',
  '头孢克肟',
  '蒙脱石散',
  '阿奇霉素',
  '奥美拉唑',
  '藿香正气',
];

async function seedArticles(db: Queryable, categoryId: number, list: SeedArticle[]): Promise<void> {
  for (const [sort, a] of list.entries()) {
    await createArticle(db, {
      category_id: categoryId,
      title: a.title,
      slug: a.slug ?? '',
      summary: a.summary ?? '',
      body: a.body,
      sort: a.slug ? sort : 0,
      // Fixed dates keep the seed deterministic; help pages are dated at the site's launch.
      published_at: new Date(a.publishedAt ?? '2024-06-01T09:00:00+08:00'),
    });
  }
}

/**
 * The content demo: site texts, nav, hot searches, ads with generated images, side links,
 * help columns and news. Article categories 1–3 are created with fixed ids because the
 * storefront addresses them by number (`/api/article/category?category_id=3`).
 */
export async function seedContent(db: Queryable): Promise<void> {
  const wechatQr = await saveMedia(db, {
    contentType: 'image/svg+xml',
    body: qrPlaceholderSvg('kangcai-wechat'),
    name: 'wechat-qr.svg',
  });
  await saveSiteSettings(db, { ...SITE, wechat_qr: wechatQr });

  for (const [sort, item] of NAV.entries()) {
    const id = await createNavItem(db, { name: item.name, url: item.url, sort });
    for (const [i, child] of (item.children ?? []).entries()) {
      await createNavItem(db, { parent_id: id, name: child.name, url: child.url, sort: i });
    }
  }
  for (const [sort, name] of HOT_SEARCHES.entries())
    await createHotSearch(db, { name, url: hotSearchUrl(name), sort });

  await seedAdsAndLinks(db);

  await createArticleCategory(db, { name: '行业新闻', sort: 1 }, ARTICLE_CATEGORY.industryNews);
  await createArticleCategory(db, { name: '公司新闻', sort: 2 }, ARTICLE_CATEGORY.companyNews);
  await createArticleCategory(db, { name: '帮助中心', sort: 3 }, ARTICLE_CATEGORY.help);
  for (const [sort, column] of HELP_COLUMNS.entries()) {
    const id = await createArticleCategory(db, {
      parent_id: ARTICLE_CATEGORY.help,
      name: column.name,
      slug: column.slug,
      sort,
    });
    await seedArticles(db, id, column.articles);
  }
  await seedArticles(db, ARTICLE_CATEGORY.industryNews, INDUSTRY_NEWS);
  await seedArticles(db, ARTICLE_CATEGORY.companyNews, COMPANY_NEWS);
}
