import type { RouteObject } from 'react-router';
import { lazyPage, page } from './define';

/** The help centre's pages share one chunk. */
const load = () => import('../../features/help/pages');
const help = {
  index: lazyPage(load, 'HelpPage'),
  xrzn: lazyPage(load, 'HelpXrznPage'),
  serve: lazyPage(load, 'HelpServePage'),
  us: lazyPage(load, 'HelpUsPage'),
  pay: lazyPage(load, 'HelpPayPage'),
  news: lazyPage(load, 'NewsPage'),
  newsInfo: lazyPage(load, 'NewsInfoPage'),
  article: lazyPage(load, 'HelpArticlePage'),
  hyzc: lazyPage(load, 'HyzcPage'),
  wzzz: lazyPage(load, 'WzzzPage'),
  ddzf: lazyPage(load, 'DdzfPage'),
  hwps: lazyPage(load, 'HwpsPage'),
  ypth: lazyPage(load, 'YpthPage'),
};

/** Help centre, payment and delivery help, news (capability 帮助与资讯). */
export const helpRoutes: RouteObject[] = [
  ...page('/help', 'help', '帮助中心', { page: help.index }),
  ...page('/help_xrzn', 'help_xrzn', '新人指南', { page: help.xrzn }),
  ...page('/help_serve', 'help_serve', '服务保障', { page: help.serve }),
  ...page('/help_us', 'help_us', '关于我们', { page: help.us }),
  ...page(['/help_news', '/news'], 'help_news', '新闻资讯', { page: help.news }),
  ...page('/help_news_info/:id/:type', 'help_news_info', '资讯详情', { page: help.newsInfo }),
  // Article links carry the article as ?id=… (SPEC §2).
  ...page('/help/xrzn/hyzc', 'help_xrzn_hyzc', '会员注册', { page: help.hyzc }),
  ...page('/help/fwbz/wzzz', 'help_fwbz_wzzz', '网站资质', { page: help.wzzz }),

  ...page(['/help_pay', '/help/pay'], 'help_pay', '支付配送', { page: help.pay }),
  ...page(['/help_zfps_ddzf', '/help/zfps/ddzf'], 'help_zfps_ddzf', '订单支付', { page: help.ddzf }),
  ...page(['/help_zfps_hwps', '/help/zfps/hwps'], 'help_zfps_hwps', '货物配送', { page: help.hwps }),
  ...page(['/help_zfps_ypth', '/help/zfps/ypth'], 'help_zfps_ypth', '药品退换', { page: help.ypth }),
  // Every other help article the server names (/help/{column}/{article}?id=…), the user
  // agreement /help/fwbz/yhxy and the columns an operator adds included.
  ...page('/help/:column/:article', 'help_article', '帮助中心', { page: help.article }),
];
