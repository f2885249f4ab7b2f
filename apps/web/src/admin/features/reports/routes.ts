import { adminPage, type AdminRoute } from '../../shared/route';

/** The compliance records (合规记录) for an inspector: 'report.read' (财务, 仓库, 管理员). */
export const routes: AdminRoute[] = [
  {
    path: 'reports/sales',
    title: '销售记录',
    access: 'report.read',
    page: adminPage(() => import('./pages/SalesReportPage'), 'SalesReportPage'),
    menu: { group: 'reports', order: 1 },
  },
  {
    path: 'reports/hm',
    title: '含麻药品销售登记',
    access: 'report.read',
    page: adminPage(() => import('./pages/HmReportPage'), 'HmReportPage'),
    menu: { group: 'reports', order: 2 },
  },
  {
    path: 'reports/purchases',
    title: '购进记录',
    access: 'report.read',
    page: adminPage(() => import('./pages/PurchaseReportPage'), 'PurchaseReportPage'),
    menu: { group: 'reports', order: 3 },
  },
  {
    path: 'reports/stock-ledger',
    title: '库存台账',
    access: 'report.read',
    page: adminPage(() => import('./pages/StockLedgerPage'), 'StockLedgerPage'),
    menu: { group: 'reports', order: 4 },
  },
];
