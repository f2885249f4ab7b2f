import type { ComponentType } from 'react';
import type { Permission } from '@kc/domain';

/** A back-office page module loaded on first visit (its own chunk). */
export type AdminLazyPage = () => Promise<{ Component: ComponentType }>;

/** The side menu's groups, in the order the menu shows them. */
export const MENU_GROUPS = {
  dashboard: '工作台',
  goods: '商品管理',
  stock: '库存与批号',
  members: '会员管理',
  orders: '订单管理',
  marketing: '营销管理',
  reports: '合规记录',
  content: '内容管理',
  system: '系统管理',
} as const;
export type MenuGroup = keyof typeof MENU_GROUPS;

/**
 * One back-office page. Each feature exports its pages from `features/<x>/routes.ts`; the
 * shell's routes table (admin/routes.tsx) collects them. `access` is the permission the page
 * needs (packages/domain access.ts): the menu hides what the operator's role may not use and
 * the route guard shows 无权访问 for a typed URL; the server refuses the calls anyway (403).
 * 'any' = every signed-in operator (dashboard, change password).
 */
export interface AdminRoute {
  /** Path under /admin, without the prefix: 'goods', 'goods/:id', 'orders'. */
  path: string;
  title: string;
  access: Permission | 'any';
  page: AdminLazyPage;
  /**
   * Shown in the side menu under this group (detail pages leave it out). `label` renders the
   * entry instead of the bare title (a count beside it: 在线客服's unread messages).
   */
  menu?: { group: MenuGroup; order?: number; label?: ComponentType<{ title: string }> };
  /** The list page a detail page belongs to, for the breadcrumb: 'goods'. */
  parent?: string;
}

/** The one way to declare a lazy page (a literal `() => import('…')` so it gets its own chunk). */
export function adminPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): AdminLazyPage {
  return async () => ({ Component: (await load())[name] });
}
