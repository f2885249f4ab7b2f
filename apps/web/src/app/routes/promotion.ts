import type { RouteObject } from 'react-router';
import { BARE, lazyPage, page } from './define';
import { yxPages } from './catalog';

/** Points mall, free-shipping zone and activity pages (capability 钱包与营销). */
export const promotionRoutes: RouteObject[] = [
  ...page('/jfsc', 'jfsc', '积分商城', {
    page: lazyPage(() => import('../../features/points/pages/PointsMallPage'), 'PointsMallPage'),
  }),
  ...page(['/yx', '/yx_index'], 'yx_index', '优选专区', { page: yxPages.index }),
  ...page('/yx_table', 'yx_table', '优选专区', { page: yxPages.table }),
  ...page('/yx_rule', 'yx_rule', '优选规则', { ...BARE, page: yxPages.rule }),
  ...page('/yjh/:id?', 'yjh', '活动专区'),
  ...page('/Hdzx/:ids/:id?', 'Hdzx', '活动中心'),
  ...page('/hb', 'hb', '满返专区'),
  ...page('/welfare', 'welfare', '全场94折'),
  ...page('/mrtj', 'mrtj', '每日特价'),
  ...page('/lqzx', 'lqzx', '领券中心', {
    page: lazyPage(() => import('../../features/coupons/pages/LqzxPage'), 'LqzxPage'),
  }),
  // Template pages take their heading from the operator's content, so no route title.
  ...page('/zqmb', 'zqmb', ''),
  ...page('/hdmb', 'hdmb', ''),
  ...page('/yyh', 'yyh', '优医汇'),
  ...page('/yyh/list', 'yyh_list', '优医汇'),
  ...page('/zhzq', 'zhzq', '组合专区'),
];
