import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { prefetchGoodsDetail, prefetchGoodsList } from '../../features/catalog/prefetch';
import { queryClient } from '../query-client';
import { MEMBER, lazyPage, page } from './define';

const listPages = () => import('../../features/catalog/pages/ListPages');
const zonePages = () => import('../../features/catalog/pages/ZonePages');
const brandPages = () => import('../../features/catalog/pages/BrandPages');
const detail = lazyPage(() => import('../../features/catalog/detail/DetailPage'), 'DetailPage');
// The landing pages' goods, asked for beside their chunks (features/catalog/prefetch.ts).
const goodsList = (args: LoaderFunctionArgs) => prefetchGoodsList(queryClient, args);
const goodsDetail = (args: LoaderFunctionArgs) => prefetchGoodsDetail(queryClient, args);

/** The 优选 zone pages live in the promotion table; their pages are catalogue lists. */
export const yxPages = {
  index: lazyPage(zonePages, 'YxIndexPage'),
  table: lazyPage(zonePages, 'YxTablePage'),
  rule: lazyPage(() => import('../../features/catalog/pages/YxRulePage'), 'YxRulePage'),
};

/** My favourites (/star), listed with the self-service pages in the orders table. */
export const starPage = lazyPage(() => import('../../features/engagement/pages/StarPage'), 'StarPage');

/** Goods list, search, brand zone and the goods zones (capability 商品与搜索). */
export const catalogRoutes: RouteObject[] = [
  // /list and /search show their index page, so category links (/list?select=…) work.
  ...page(['/list', '/list_index'], 'list_index', '商品列表', {
    page: lazyPage(listPages, 'ListIndexPage'),
    prefetch: goodsList,
  }),
  ...page(['/list_table', '/list/table'], 'list_table', '商品列表', {
    page: lazyPage(listPages, 'ListTablePage'),
    prefetch: goodsList,
  }),
  ...page(['/list_no_image', '/list/no_image'], 'list_no_image', '商品列表', {
    page: lazyPage(listPages, 'ListNoImagePage'),
    prefetch: goodsList,
  }),
  ...page(['/list_info/:id', '/list/info/:id'], 'list_info', '商品详情', {
    page: detail,
    prefetch: goodsDetail,
  }),
  // 质检报告查询: the header's link when the platform hosts the reports (issue 14 §8).
  ...page('/zjbg', 'zjbg', '质检报告查询', {
    ...MEMBER,
    page: lazyPage(() => import('../../features/qi-report/pages/QiReportPage'), 'QiReportPage'),
  }),
  ...page('/list/other/:id/:name?', 'list_other', '药品列表', { page: lazyPage(listPages, 'ListOtherPage') }),
  ...page(['/search', '/search_index'], 'search_index', '搜索结果', {
    page: lazyPage(listPages, 'SearchIndexPage'),
    prefetch: goodsList,
  }),
  ...page(['/search_table', '/search/table'], 'search_table', '搜索结果', {
    page: lazyPage(listPages, 'SearchTablePage'),
    prefetch: goodsList,
  }),

  // /ppzq comes before its alias /ppzq/:page?, which also matches "/ppzq" (first wins).
  ...page('/ppzq', 'ppzq', '品牌专区', { page: lazyPage(brandPages, 'PpzqPage') }),
  ...page(['/ppzq_index/:page?', '/ppzq/:page?'], 'ppzq_index', '品牌专区', {
    page: lazyPage(brandPages, 'PpzqIndexPage'),
  }),
  ...page('/ppzq/info/:id/:page?', 'ppzq_info', '品牌详情', { page: lazyPage(brandPages, 'PpzqInfoPage') }),

  ...page('/zyyp', 'zyyp', '中药饮片', { page: lazyPage(zonePages, 'ZyypPage') }),
  ...page('/qxzq', 'qxzq', '器械专区', { page: lazyPage(zonePages, 'QxzqPage') }),
  ...page('/jxqzc', 'jxqzc', '近效期专场', { page: lazyPage(zonePages, 'JxqzcPage') }),
  ...page('/jmzq', 'jmzq', '加盟专区', { page: lazyPage(zonePages, 'JmzqPage') }),
  ...page('/jmzq/list', 'jmzq_list', '加盟专区', { page: lazyPage(zonePages, 'JmzqListPage') }),
  ...page('/kxzq', 'kxzq', '控销专区', { page: lazyPage(zonePages, 'KxzqPage') }),
  ...page('/kxzq/list', 'kxzq_list', '控销专区', { page: lazyPage(zonePages, 'KxzqListPage') }),
];
