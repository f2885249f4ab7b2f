import { adminPage, type AdminRoute } from '../../shared/route';

/** This feature's back-office pages (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'goods',
    title: '商品列表',
    access: 'goods.read',
    page: adminPage(() => import('./pages/GoodsListPage'), 'GoodsListPage'),
    menu: { group: 'goods', order: 1 },
  },
  {
    path: 'goods/new',
    title: '新增商品',
    access: 'goods.edit',
    page: adminPage(() => import('./pages/GoodsEditPage'), 'GoodsEditPage'),
    parent: 'goods',
  },
  {
    path: 'goods/:id',
    title: '商品详情',
    access: 'goods.read',
    page: adminPage(() => import('./pages/GoodsEditPage'), 'GoodsEditPage'),
    parent: 'goods',
  },
  {
    path: 'categories',
    title: '分类管理',
    access: 'goods.read',
    page: adminPage(() => import('./pages/CategoriesPage'), 'CategoriesPage'),
    menu: { group: 'goods', order: 2 },
  },
  {
    path: 'brands',
    title: '品牌管理',
    access: 'goods.read',
    page: adminPage(() => import('./pages/BrandsPage'), 'BrandsPage'),
    menu: { group: 'goods', order: 3 },
  },
  {
    path: 'warehouses',
    title: '仓库管理',
    access: 'goods.read',
    page: adminPage(() => import('./pages/WarehousesPage'), 'WarehousesPage'),
    menu: { group: 'goods', order: 4 },
  },
  {
    path: 'lots',
    title: '批号库存',
    access: 'goods.read',
    page: adminPage(() => import('./pages/LotsPage'), 'LotsPage'),
    menu: { group: 'stock', order: 1 },
  },
  {
    path: 'stock-ledger',
    title: '库存台账',
    access: 'goods.read',
    page: adminPage(() => import('./pages/StockLedgerPage'), 'StockLedgerPage'),
    menu: { group: 'stock', order: 2 },
  },
];
