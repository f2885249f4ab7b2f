import type { RouteObject } from 'react-router';
import { page } from './define';

/** Help centre, payment and delivery help, news (capability 帮助与资讯). */
export const helpRoutes: RouteObject[] = [
  ...page('/help', 'help', '帮助中心'),
  ...page('/help_xrzn', 'help_xrzn', '新人指南'),
  ...page('/help_serve', 'help_serve', '服务保障'),
  ...page('/help_us', 'help_us', '关于我们'),
  ...page(['/help_news', '/news'], 'help_news', '新闻资讯'),
  ...page('/help_news_info/:id/:type', 'help_news_info', '资讯详情'),
  // Article links carry the article as ?id=… (SPEC §2).
  ...page('/help/xrzn/hyzc', 'help_xrzn_hyzc', '会员注册'),
  ...page('/help/fwbz/wzzz', 'help_fwbz_wzzz', '网站资质'),

  ...page(['/help_pay', '/help/pay'], 'help_pay', '支付配送'),
  ...page(['/help_zfps_ddzf', '/help/zfps/ddzf'], 'help_zfps_ddzf', '订单支付'),
  ...page(['/help_zfps_hwps', '/help/zfps/hwps'], 'help_zfps_hwps', '货物配送'),
  ...page(['/help_zfps_ypth', '/help/zfps/ypth'], 'help_zfps_ypth', '药品退换'),
];
