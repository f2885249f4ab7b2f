import { createElement, type ReactNode } from 'react';
import type { MenuProps } from 'antd';
import {
  AuditOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  GiftOutlined,
  ReadOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { AdminMe } from '@kc/domain';
import { canUse } from '../shared/me';
import { MENU_GROUPS, type AdminRoute, type MenuGroup } from '../shared/route';

const ICONS: Record<MenuGroup, ReactNode> = {
  dashboard: <DashboardOutlined />,
  goods: <ShoppingOutlined />,
  stock: <DatabaseOutlined />,
  members: <TeamOutlined />,
  orders: <FileTextOutlined />,
  marketing: <GiftOutlined />,
  reports: <AuditOutlined />,
  content: <ReadOutlined />,
  system: <SettingOutlined />,
};

/** A menu item's key is the page's path under /admin ('goods'; '' for the dashboard). */
export const menuKey = (path: string) => `/${path}`;

/** The pages the operator may open from the menu, by group in MENU_GROUPS order. */
export function visibleMenu(
  routes: readonly AdminRoute[],
  me: Pick<AdminMe, 'permissions'>,
): Array<{ group: MenuGroup; routes: AdminRoute[] }> {
  const shown = routes.filter((r) => r.menu && canUse(me, r.access));
  return (Object.keys(MENU_GROUPS) as MenuGroup[])
    .map((group) => ({
      group,
      routes: shown
        .filter((r) => r.menu!.group === group)
        .sort((a, b) => (a.menu!.order ?? 0) - (b.menu!.order ?? 0)),
    }))
    .filter((g) => g.routes.length > 0);
}

/**
 * antd Menu items: a submenu per group; the dashboard group, when it holds one page, is a
 * single item (the first thing an operator clicks).
 */
export function menuItems(
  routes: readonly AdminRoute[],
  me: Pick<AdminMe, 'permissions'>,
): MenuProps['items'] {
  return visibleMenu(routes, me).map(({ group, routes: pages }) => {
    if (group === 'dashboard' && pages.length === 1) {
      return { key: menuKey(pages[0]!.path), icon: ICONS[group], label: pages[0]!.title };
    }
    return {
      key: `group:${group}`,
      icon: ICONS[group],
      label: MENU_GROUPS[group],
      children: pages.map((r) => ({
        key: menuKey(r.path),
        label: r.menu?.label ? createElement(r.menu.label, { title: r.title }) : r.title,
      })),
    };
  });
}
