import type { RouteObject } from 'react-router';
import { LOGIN_STYLE, MEMBER, lazyPage, page, redirectTo } from './define';

const misc = () => import('../../features/misc/pages/LoadingPage');
const home = lazyPage(() => import('../../features/home/HomePage'), 'HomePage');
const login = lazyPage(() => import('../../features/account/pages/LoginPage'), 'LoginPage');
const notFound = lazyPage(() => import('../../features/misc/pages/NotFoundPage'), 'NotFoundPage');
const noActivity = lazyPage(() => import('../../features/misc/pages/NoActivityPage'), 'NoActivityPage');
const loading = lazyPage(misc, 'LoadingPage');
const loadingActivity = lazyPage(misc, 'LoadingActivityPage');
const eContract = lazyPage(() => import('../../features/compliance/pages/EContractPage'), 'EContractPage');

/** Home, login, the notice pages and the e-contract target of error 459 (SPEC §2). */
export const coreRoutes: RouteObject[] = [
  // The home title is empty so the document title is the site title alone.
  ...page('/', 'home', '', { page: home }),
  ...page('/login', 'login', '会员登录', { ...LOGIN_STYLE, page: login }),
  ...page('/404', '404', '页面不存在', { page: notFound }),
  ...page('/noActivity', 'noActivity', '暂无活动', { page: noActivity }),
  // Interstitials: returning to one should not scroll anywhere.
  ...page('/loading', 'loading', '加载中', { page: loading, noScrollRestore: true }),
  ...page('/loading/activity', 'loading_activity', '加载中', {
    page: loadingActivity,
    noScrollRestore: true,
  }),
  ...redirectTo('/activity/:url?/:url1?/:url2?', '/loading/activity'),
  ...page('/dzht', 'dzht', '电子合同', { ...MEMBER, page: eContract }),
];

/** Last of all: any path no other route claims (SPEC §2). */
export const fallbackRoutes: RouteObject[] = redirectTo('*', '/404');
