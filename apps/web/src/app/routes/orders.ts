import type { RouteObject } from 'react-router';
import { MEMBER, lazyPage, page, redirectTo, type Flags } from './define';
import { starPage } from './catalog';

const payPages = () => import('../../features/checkout/pages/PayPage');
const cartPage = lazyPage(() => import('../../features/cart/pages/CartPage'), 'CartPage');
const checkOrderPage = lazyPage(
  () => import('../../features/checkout/pages/CheckOrderPage'),
  'CheckOrderPage',
);
const payPage = lazyPage(payPages, 'PayPage');
const hmPayPage = lazyPage(payPages, 'HmPayPage');
const payDonePage = lazyPage(() => import('../../features/checkout/pages/PayDonePage'), 'PayDonePage');

/** Payment pages start at the top when returned to: a stale scroll could hide the pay button. */
const PAYING: Flags = { ...MEMBER, noScrollRestore: true };

/** The cart wizard (steps 1–4 carry cartStep for the progress banner); steps 2–4 are members only. */
export const cartRoutes: RouteObject[] = [
  ...page(['/cart', '/cart_step1'], 'cart_step1', '购物车', { cartStep: 1, page: cartPage }),
  ...page(['/cart_step2', '/cart/step2'], 'cart_step2', '确认订单', {
    ...PAYING,
    cartStep: 2,
    page: checkOrderPage,
  }),
  ...page(['/cart_step3/:id', '/cart/step3/:id'], 'cart_step3', '支付订单', {
    ...PAYING,
    cartStep: 3,
    page: payPage,
  }),
  ...page(['/cart_step4', '/cart/step4'], 'cart_step4', '支付完成', {
    ...PAYING,
    cartStep: 4,
    page: payDonePage,
  }),
  // Paying for an order with ephedrine-type goods is step 3 of its own flow.
  ...page(['/cart_hm', '/cart/hm'], 'cart_hm', '支付订单', { ...PAYING, cartStep: 3, page: hmPayPage }),
];

const buyPages = () => import('../../features/engagement/pages/BuyPages');
const buyList = lazyPage(buyPages, 'BuyListPage');
const buyAdd = lazyPage(buyPages, 'BuyAddPage');
const buyInfo = lazyPage(buyPages, 'BuyInfoPage');
const feedbackPage = lazyPage(() => import('../../features/engagement/pages/FeedbackPage'), 'FeedbackPage');
const invoicePage = lazyPage(() => import('../../features/invoice/pages/InvoicePage'), 'InvoicePage');
const quickPurchasePage = lazyPage(
  () => import('../../features/quick-purchase/pages/QuickPurchasePage'),
  'QuickPurchasePage',
);

const orderList = lazyPage(() => import('../../features/order/pages/OrderListPage'), 'OrderListPage');
const orderInfo = lazyPage(() => import('../../features/order/pages/OrderDetailPage'), 'OrderDetailPage');
const returnInfo = lazyPage(() => import('../../features/order/pages/ReturnDetailPage'), 'ReturnDetailPage');
const orderPrint = lazyPage(() => import('../../features/order/pages/DeliveryNotePage'), 'DeliveryNotePage');
const hmOrders = lazyPage(() => import('../../features/order/pages/HmOrdersPage'), 'HmOrdersPage');
const pointsOrders = lazyPage(
  () => import('../../features/points/pages/PointsOrdersPage'),
  'PointsOrdersPage',
);

/** The printable delivery note stands alone: no header, footer, side bar or menus. */
const PRINT: Flags = {
  ...MEMBER,
  header: false,
  footer: false,
  rightBar: false,
  categoryMenu: false,
  nav: false,
  topRightAd: false,
};

/** Order centre, points and hanma orders, self-service (SPEC §2). */
export const orderRoutes: RouteObject[] = [
  ...redirectTo('/order_wddd', '/order'),
  ...page(['/order', '/order_wddd_index'], 'order_wddd_index', '订单中心', { ...MEMBER, page: orderList }),
  ...page(['/order_wddd_info/:id', '/order/info/:id'], 'order_wddd_info', '订单详情', {
    ...MEMBER,
    page: orderInfo,
  }),
  ...page(['/order_wddd_returnInfo/:id', '/order/returnInfo/:id'], 'order_wddd_returnInfo', '退货详情', {
    ...MEMBER,
    page: returnInfo,
  }),
  ...page(
    ['/order_wddd_afterSalesInfo/:id', '/order/afterSalesInfo/:id'],
    'order_wddd_afterSalesInfo',
    '售后详情',
    { ...MEMBER, page: returnInfo },
  ),
  // Logistics are shown inside the order details.
  ...redirectTo(['/order_wddd_wl/:id', '/order/wl/:id'], (p) => `/order/info/${p.id ?? ''}`),
  ...page('/order/print/:id', 'order_print', '随货同行单', { ...PRINT, page: orderPrint }),
  ...page(['/order_jfdd', '/jfdd'], 'order_jfdd', '积分订单', { ...MEMBER, page: pointsOrders }),
  ...redirectTo('/order_hmdd', '/hmdd'),
  ...page(['/order_hmdd_index', '/hmdd'], 'order_hmdd_index', '含麻订单', { ...MEMBER, page: hmOrders }),

  // Self-service opens on quick purchase.
  ...redirectTo('/zzfw', '/kjcg'),
  ...page(['/zzfw_kjcg', '/kjcg'], 'zzfw_kjcg', '快捷采购', { ...MEMBER, page: quickPurchasePage }),
  ...redirectTo('/zzfw_pzqg', '/pzqg'),
  ...page('/pzqg', 'zzfw_pzqg_index', '品种求购', { ...MEMBER, page: buyList }),
  ...page('/pzqg/add', 'zzfw_pzqg_add', '品种求购', { ...MEMBER, page: buyAdd }),
  ...page('/pzqg/info', 'zzfw_pzqg_info', '求购详情', { ...MEMBER, page: buyInfo }),
  ...page(['/zzfw_dzfp', '/dzfp'], 'zzfw_dzfp', '电子发票', { ...MEMBER, page: invoicePage }),
  ...page(['/zzfw_wdsc', '/star'], 'zzfw_wdsc', '我的收藏', { ...MEMBER, page: starPage }),
  ...page(['/zzfw_yjfk', '/yjfk'], 'zzfw_yjfk', '意见反馈', { ...MEMBER, page: feedbackPage }),
];
