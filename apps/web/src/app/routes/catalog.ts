import type { RouteObject } from 'react-router';
import type * as BrandPagesModule from '../../features/catalog/pages/BrandPages';
import type * as ListPagesModule from '../../features/catalog/pages/ListPages';
import type * as ZonePagesModule from '../../features/catalog/pages/ZonePages';
import { page, type LazyPage } from './define';

type Pages<M> = { [K in keyof M]: M[K] extends () => unknown ? K : never }[keyof M];

/** A page of one of the catalogue's page modules, loaded on first visit. */
const listPages =
  (name: Pages<typeof ListPagesModule>): LazyPage =>
  async () => ({
    Component: (await import('../../features/catalog/pages/ListPages'))[name],
  });
const zonePages =
  (name: Pages<typeof ZonePagesModule>): LazyPage =>
  async () => ({
    Component: (await import('../../features/catalog/pages/ZonePages'))[name],
  });
const brandPages =
  (name: Pages<typeof BrandPagesModule>): LazyPage =>
  async () => ({
    Component: (await import('../../features/catalog/pages/BrandPages'))[name],
  });
const detail: LazyPage = async () => ({
  Component: (await import('../../features/catalog/detail/DetailPage')).DetailPage,
});

/** The 优选 zone pages live in the promotion table; their pages are catalogue lists. */
export const yxPages = {
  index: zonePages('YxIndexPage'),
  table: zonePages('YxTablePage'),
  rule: (async () => ({
    Component: (await import('../../features/catalog/pages/YxRulePage')).YxRulePage,
  })) satisfies LazyPage,
};

/** My favourites (/star), listed with the self-service pages in the orders table. */
export const starPage: LazyPage = async () => ({
  Component: (await import('../../features/engagement/pages/StarPage')).StarPage,
});

/** Goods list, search, brand zone and the goods zones (capability 商品与搜索). */
export const catalogRoutes: RouteObject[] = [
  // /list and /search show their index page, so category links (/list?select=…) work.
  ...page(['/list', '/list_index'], 'list_index', '商品列表', { page: listPages('ListIndexPage') }),
  ...page(['/list_table', '/list/table'], 'list_table', '商品列表', { page: listPages('ListTablePage') }),
  ...page(['/list_no_image', '/list/no_image'], 'list_no_image', '商品列表', {
    page: listPages('ListNoImagePage'),
  }),
  ...page(['/list_info/:id', '/list/info/:id'], 'list_info', '商品详情', { page: detail }),
  ...page('/list/other/:id/:name?', 'list_other', '药品列表', { page: listPages('ListOtherPage') }),
  ...page(['/search', '/search_index'], 'search_index', '搜索结果', { page: listPages('SearchIndexPage') }),
  ...page(['/search_table', '/search/table'], 'search_table', '搜索结果', {
    page: listPages('SearchTablePage'),
  }),

  // /ppzq comes before its alias /ppzq/:page?, which also matches "/ppzq" (first wins).
  ...page('/ppzq', 'ppzq', '品牌专区', { page: brandPages('PpzqPage') }),
  ...page(['/ppzq_index/:page?', '/ppzq/:page?'], 'ppzq_index', '品牌专区', {
    page: brandPages('PpzqIndexPage'),
  }),
  ...page('/ppzq/info/:id/:page?', 'ppzq_info', '品牌详情', { page: brandPages('PpzqInfoPage') }),

  ...page('/zyyp', 'zyyp', '中药饮片', { page: zonePages('ZyypPage') }),
  ...page('/qxzq', 'qxzq', '器械专区', { page: zonePages('QxzqPage') }),
  ...page('/jxqzc', 'jxqzc', '近效期专场', { page: zonePages('JxqzcPage') }),
  ...page('/jmzq', 'jmzq', '加盟专区', { page: zonePages('JmzqPage') }),
  ...page('/jmzq/list', 'jmzq_list', '加盟专区', { page: zonePages('JmzqListPage') }),
  ...page('/kxzq', 'kxzq', '控销专区', { page: zonePages('KxzqPage') }),
  ...page('/kxzq/list', 'kxzq_list', '控销专区', { page: zonePages('KxzqListPage') }),
];
