import type { RouteObject } from 'react-router';
import { BARE, lazyPage, page } from './define';
import { yxPages } from './catalog';

const single = () => import('../../features/activity/pages/SingleActivityPages');
const zones = () => import('../../features/activity/pages/ZonePages');
const hub = () => import('../../features/activity/pages/YyhPages');
const template = lazyPage(single, 'TemplatePage');

/** SPEC §2's activity routes (paths not shown there): each shows the template activity of its path. */
const ACTIVITY_ROUTES = [
  'activity_lq',
  'activity_gq',
  'activity_yhhg',
  'eleven_gq',
  'eleven_big',
  'eleven_big_app',
  'live',
];

/** Points mall, free-shipping zone and activity pages (capability 钱包与营销). */
export const promotionRoutes: RouteObject[] = [
  ...page('/jfsc', 'jfsc', '积分商城', {
    page: lazyPage(() => import('../../features/points/pages/PointsMallPage'), 'PointsMallPage'),
  }),
  ...page(['/yx', '/yx_index'], 'yx_index', '优选专区', { page: yxPages.index }),
  ...page('/yx_table', 'yx_table', '优选专区', { page: yxPages.table }),
  ...page('/yx_rule', 'yx_rule', '优选规则', { ...BARE, page: yxPages.rule }),
  ...page('/yjh/:id?', 'yjh', '活动专区', { page: lazyPage(zones, 'YjhPage') }),
  ...page('/Hdzx/:ids/:id?', 'Hdzx', '活动中心', { page: lazyPage(zones, 'HdzxPage') }),
  ...page('/hb', 'hb', '满返专区', { page: lazyPage(single, 'HbPage') }),
  ...page('/welfare', 'welfare', '全场94折', { page: lazyPage(single, 'WelfarePage') }),
  ...page('/mrtj', 'mrtj', '每日特价', {
    page: lazyPage(() => import('../../features/activity/pages/MrtjPage'), 'MrtjPage'),
  }),
  ...page('/lqzx', 'lqzx', '领券中心', {
    page: lazyPage(() => import('../../features/coupons/pages/LqzxPage'), 'LqzxPage'),
  }),
  // Template pages take their heading from the operator's content, so no route title.
  ...page('/zqmb', 'zqmb', '', { page: template }),
  ...page('/hdmb', 'hdmb', '', { page: template }),
  // Paths named as the routes; /activity_lq is one segment, so /activity/:url? never takes it.
  ...ACTIVITY_ROUTES.flatMap((name) => page(`/${name}`, name, '', { page: template })),
  ...page('/yyh', 'yyh', '优医汇', { page: lazyPage(hub, 'YyhPage') }),
  ...page('/yyh/list', 'yyh_list', '优医汇', { page: lazyPage(hub, 'YyhListPage') }),
  ...page('/zhzq', 'zhzq', '组合专区', {
    page: lazyPage(() => import('../../features/activity/pages/ZhzqPage'), 'ZhzqPage'),
  }),
];
