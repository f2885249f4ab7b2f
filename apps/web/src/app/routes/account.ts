import type { RouteObject } from 'react-router';
import { LOGIN_STYLE, MEMBER, lazyPage, page, redirectTo, type LazyPage } from './define';

const center = () => import('../../features/account/pages/MemberCentrePage');
const basic = () => import('../../features/account/pages/BasicPage');
const docs = () => import('../../features/account/pages/DocumentsPage');
const stores = () => import('../../features/account/pages/StoresPage');
const wechat = () => import('../../features/account/pages/WechatBindPage');
const addr = () => import('../../features/account/pages/AddressesPage');
const msgs = () => import('../../features/account/pages/MessagesPage');
const paySecurity = () => import('../../features/account/pages/PaySecurityPage');
const step1 = () => import('../../features/account/pages/register/Step1Page');
const step2 = () => import('../../features/account/pages/register/Step2Page');
const step3 = () => import('../../features/account/pages/register/Step3Page');
const wxReg = () => import('../../features/account/pages/register/WechatRegisterPage');
const forget = () => import('../../features/account/pages/forget/ForgetPages');
const devSms = () => import('../../features/account/pages/DevSmsPage');
const walletBalance = () => import('../../features/wallet/pages/BalancePage');
const walletPoints = () => import('../../features/wallet/pages/PointsPage');
const walletCoupons = () => import('../../features/wallet/pages/CouponsPage');

const PAGES = {
  MemberCentrePage: lazyPage(center, 'MemberCentrePage'),
  BasicPage: lazyPage(basic, 'BasicPage'),
  DocumentsPage: lazyPage(docs, 'DocumentsPage'),
  StoresPage: lazyPage(stores, 'StoresPage'),
  WechatBindPage: lazyPage(wechat, 'WechatBindPage'),
  AddressesPage: lazyPage(addr, 'AddressesPage'),
  MessagesPage: lazyPage(msgs, 'MessagesPage'),
  PaySecurityPage: lazyPage(paySecurity, 'PaySecurityPage'),
  RegisterStep1Page: lazyPage(step1, 'RegisterStep1Page'),
  StoreStep1Page: lazyPage(step1, 'StoreStep1Page'),
  RegisterStep2Page: lazyPage(step2, 'RegisterStep2Page'),
  StoreStep2Page: lazyPage(step2, 'StoreStep2Page'),
  RegisterStep3Page: lazyPage(step3, 'RegisterStep3Page'),
  StoreStep3Page: lazyPage(step3, 'StoreStep3Page'),
  WechatRegisterPage: lazyPage(wxReg, 'WechatRegisterPage'),
  ForgetStep1Page: lazyPage(forget, 'ForgetStep1Page'),
  ForgetStep2Page: lazyPage(forget, 'ForgetStep2Page'),
  ForgetStep3Page: lazyPage(forget, 'ForgetStep3Page'),
  DevSmsPage: lazyPage(devSms, 'DevSmsPage'),
};
const acc = (name: keyof typeof PAGES): LazyPage => PAGES[name];

/** Member centre, account centre and wallet: members only (SPEC §2, §6). */
export const memberRoutes: RouteObject[] = [
  ...page(['/user', '/user_hyzx'], 'user_hyzx', '会员中心', { ...MEMBER, page: acc('MemberCentrePage') }),

  // The account centre has no page of its own: it opens on 基础信息.
  ...redirectTo(['/zhzx', '/zhzx_jcxx'], '/basic'),
  ...page(['/jcxx_index', '/basic'], 'jcxx_index', '基础信息', { ...MEMBER, page: acc('BasicPage') }),
  ...page(['/jcxx_zzzj', '/zzzj'], 'jcxx_zzzj', '资质证件', { ...MEMBER, page: acc('DocumentsPage') }),
  ...page(['/zhzx_ddgl', '/ddgl'], 'zhzx_ddgl', '多店管理', { ...MEMBER, page: acc('StoresPage') }),
  ...page(['/zhzx_bdwx', '/bdwx'], 'zhzx_bdwx', '绑定微信', { ...MEMBER, page: acc('WechatBindPage') }),
  ...page(['/zhzx_shdz', '/addr'], 'zhzx_shdz', '收货地址', { ...MEMBER, page: acc('AddressesPage') }),
  ...page(['/zhzx_wdxx', '/wdxx'], 'zhzx_wdxx', '我的消息', { ...MEMBER, page: acc('MessagesPage') }),
  ...page(['/zhzx_zfaq', '/zfaq'], 'zhzx_zfaq', '支付安全', { ...MEMBER, page: acc('PaySecurityPage') }),
  ...page('/kfzx', 'kfzx', '在线客服', {
    ...MEMBER,
    page: lazyPage(() => import('../../features/chat/pages/ChatPage'), 'ChatPage'),
  }),

  // The wallet likewise opens on its first tab, 余额管理.
  ...redirectTo('/wdqb', '/yegl'),
  ...page(['/wdqb_yegl', '/yegl'], 'wdqb_yegl', '余额管理', {
    ...MEMBER,
    page: lazyPage(walletBalance, 'BalancePage'),
  }),
  ...page(['/wdqb_jfgl', '/jfgl'], 'wdqb_jfgl', '积分管理', {
    ...MEMBER,
    page: lazyPage(walletPoints, 'PointsPage'),
  }),
  ...page(['/wdqb_yhq', '/yhq'], 'wdqb_yhq', '优惠券', {
    ...MEMBER,
    page: lazyPage(walletCoupons, 'CouponsPage'),
  }),
  ...page(['/wdqb_xjq', '/xjq'], 'wdqb_xjq', '现金券', {
    ...MEMBER,
    page: lazyPage(walletCoupons, 'VouchersPage'),
  }),
];

/** Registration and password recovery use the slim login header (SPEC §2). */
export const registrationRoutes: RouteObject[] = [
  ...redirectTo('/register', '/register_index'),
  ...redirectTo('/register_index', '/register/step1'),
  ...page(['/register_index_step1', '/register/step1'], 'register_index_step1', '会员注册', {
    ...LOGIN_STYLE,
    page: acc('RegisterStep1Page'),
  }),
  ...page(['/register_index_step2', '/register/step2'], 'register_index_step2', '会员注册', {
    ...LOGIN_STYLE,
    page: acc('RegisterStep2Page'),
  }),
  ...page(['/register_index_step3', '/register/step3'], 'register_index_step3', '会员注册', {
    ...LOGIN_STYLE,
    page: acc('RegisterStep3Page'),
  }),
  ...redirectTo('/register_dd', '/register/dd/step1'),
  ...page('/register/dd/step1', 'register_dd_step1', '多店注册', {
    ...LOGIN_STYLE,
    page: acc('StoreStep1Page'),
  }),
  ...page('/register/dd/step2', 'register_dd_step2', '多店注册', {
    ...LOGIN_STYLE,
    page: acc('StoreStep2Page'),
  }),
  ...page('/register/dd/step3', 'register_dd_step3', '多店注册', {
    ...LOGIN_STYLE,
    page: acc('StoreStep3Page'),
  }),
  ...page('/register/wechat', 'register_wechat', '会员注册', {
    ...LOGIN_STYLE,
    page: acc('WechatRegisterPage'),
  }),

  ...redirectTo('/forget', '/forget/step1'),
  ...page('/forget/step1', 'forget_step1', '找回密码', { ...LOGIN_STYLE, page: acc('ForgetStep1Page') }),
  ...page('/forget/step2', 'forget_step2', '找回密码', { ...LOGIN_STYLE, page: acc('ForgetStep2Page') }),
  ...page('/forget/step3', 'forget_step3', '找回密码', { ...LOGIN_STYLE, page: acc('ForgetStep3Page') }),

  // The development SMS provider's outbox (the server offers it outside production only).
  ...page('/dev/sms', 'dev_sms', '开发环境短信发件箱', { page: acc('DevSmsPage') }),
];
