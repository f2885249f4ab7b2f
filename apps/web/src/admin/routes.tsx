import type { AdminRoute } from './shared/route';
import { routes as account } from './login/routes';
import { routes as articles } from './features/articles/routes';
import { routes as activities } from './features/activities/routes';
import { routes as catalog } from './features/catalog/routes';
import { routes as chat } from './features/chat/routes';
import { routes as coupons } from './features/coupons/routes';
import { routes as draws } from './features/draws/routes';
import { routes as imports } from './features/imports/routes';
import { routes as invoices } from './features/invoices/routes';
import { routes as members } from './features/members/routes';
import { routes as operators } from './features/operators/routes';
import { routes as orders } from './features/orders/routes';
import { routes as points } from './features/points/routes';
import { routes as qiReports } from './features/qi-reports/routes';
import { routes as reports } from './features/reports/routes';
import { routes as wallet } from './features/wallet/routes';
import { routes as service } from './features/service/routes';

/** Every back-office page: the one routes table of /admin (menu, breadcrumbs, guard). */
export const ADMIN_ROUTES: AdminRoute[] = [
  ...operators,
  ...catalog,
  ...qiReports,
  ...imports,
  ...members,
  ...chat,
  ...service,
  ...orders,
  ...invoices,
  ...reports,
  ...coupons,
  ...activities,
  ...draws,
  ...points,
  ...wallet,
  ...articles,
  ...account,
];
