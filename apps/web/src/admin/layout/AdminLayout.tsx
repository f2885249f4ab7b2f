import { useState, type ReactNode } from 'react';
import { Breadcrumb, Button, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import type { AdminMe } from '@kc/domain';
import { api } from '../../shared/api';
import { ME_KEY, canUse, useMe } from '../shared/me';
import type { AdminRoute } from '../shared/route';
import { breadcrumbsOf } from './breadcrumbs';
import { SITE_TITLE, useAdminHandle, useAdminTitle } from './handle';
import { menuItems, menuKey, visibleMenu } from './menu';
import s from './AdminLayout.module.css';

/** Where a signed-out operator goes: the login page, with the way back. */
export function loginTarget(pathname: string, search: string): string {
  const from = pathname + search;
  return from && from !== '/' ? `/login?redirect=${encodeURIComponent(from)}` : '/login';
}

/**
 * The signed-in frame of /admin: side menu (only what the role may use), header with the
 * operator, breadcrumbs, and the page; the route guard too: no operator → /login?redirect=…,
 * a page the role may not use → 403 无权访问 (the server refuses its calls anyway).
 */
export function AdminLayout({ routes }: { routes: readonly AdminRoute[] }) {
  const me = useMe();
  const { pathname, search } = useLocation();
  const handle = useAdminHandle();
  useAdminTitle(handle?.title);

  if (me.isPending) {
    return (
      <div className={s.loading}>
        <Spin size="large" />
      </div>
    );
  }
  if (me.isError) {
    return (
      <Result
        status="500"
        title="加载失败"
        subTitle="无法确认登录状态，请稍后重试"
        extra={<Button onClick={() => void me.refetch()}>重试</Button>}
      />
    );
  }
  if (!me.data) return <Navigate to={loginTarget(pathname, search)} replace />;
  const allowed = !handle?.route || canUse(me.data, handle.route.access);
  return (
    <Frame me={me.data} routes={routes} route={handle?.route}>
      {allowed ? (
        <Outlet />
      ) : (
        <Result status="403" title="无权访问" subTitle="您的角色没有此页面的权限，如需使用请联系管理员。" />
      )}
    </Frame>
  );
}

function Frame({
  me,
  routes,
  route,
  children,
}: {
  me: AdminMe;
  routes: readonly AdminRoute[];
  route: AdminRoute | undefined;
  children: ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The menu entry of this page, or of the list a detail page belongs to.
  const current = route ? menuKey(route.menu ? route.path : (route.parent ?? route.path)) : '/';
  const group = visibleMenu(routes, me).find((g) => g.routes.some((r) => menuKey(r.path) === current))?.group;
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [`group:${group}`] : []);

  const logout = async () => {
    try {
      await api.post('/api/admin/logout');
    } finally {
      // Leave first: with the operator forgotten while still here, the guard would send the
      // login page a way back to this page.
      await navigate('/login', { replace: true });
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, null);
    }
  };

  return (
    <Layout className={s.root}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={216}
        className={s.sider}
      >
        <Link to="/" className={s.logo} title={SITE_TITLE}>
          <span className={s.logoMark}>康</span>
          {!collapsed && <span className={s.logoText}>康采运营后台</span>}
        </Link>
        <Menu
          theme="dark"
          mode="inline"
          items={menuItems(routes, me)}
          selectedKeys={[current]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          onClick={({ key }) => void navigate(key)}
          aria-label="后台菜单"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className={s.header}>
          <Space size="middle">
            <span className={s.who}>
              <UserOutlined /> {me.name || me.username}
            </span>
            <Tag color="blue">{me.role_label}</Tag>
            <Button type="link" icon={<KeyOutlined />} onClick={() => void navigate('/password')}>
              修改密码
            </Button>
            <Button type="link" icon={<LogoutOutlined />} onClick={() => void logout()}>
              退出登录
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className={s.content}>
          <Breadcrumb
            className={s.crumbs}
            items={breadcrumbsOf(route, routes).map((c) => ({
              title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title,
            }))}
          />
          <div className={s.page}>{children}</div>
        </Layout.Content>
        <Layout.Footer className={s.footer}>
          <Typography.Text type="secondary">康采医药网 · 运营后台</Typography.Text>
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
