import { Button, Result, Spin } from 'antd';
import { Link, useRouteError, type RouteObject } from 'react-router';
import type { AdminHandle } from './layout/handle';
import { AdminLayout } from './layout/AdminLayout';
import type { AdminRoute } from './shared/route';

/** /admin/ when no feature declares a dashboard (path ''). */
function Welcome() {
  return (
    <Result status="info" title="欢迎使用康采医药网运营后台" subTitle="请从左侧菜单选择要处理的工作。" />
  );
}

/** While the first page's chunk loads. */
function Loading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: '30vh' }}>
      <Spin size="large" />
    </div>
  );
}

function NotFound() {
  return (
    <Result
      status="404"
      title="页面不存在"
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}

/** A page chunk that failed to load (a deploy replaced it) or threw while rendering. */
function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle="可能是系统刚刚更新，请刷新页面后重试。"
      extra={<Button onClick={() => window.location.reload()}>刷新页面</Button>}
    />
  );
}

/**
 * The router's table for /admin (basename '/admin'): the login page alone, and every page of
 * the routes table inside the signed-in layout, each its own lazy chunk. The handle carries
 * the routes-table row: the layout reads it for the title, the breadcrumbs and the guard.
 */
export function adminRouteObjects(routes: readonly AdminRoute[]): RouteObject[] {
  const page = (r: AdminRoute): RouteObject => {
    const handle: AdminHandle = { title: r.title, route: r };
    return r.path === '' ? { index: true, lazy: r.page, handle } : { path: r.path, lazy: r.page, handle };
  };
  const hasHome = routes.some((r) => r.path === '');
  return [
    {
      path: '/login',
      lazy: async () => ({ Component: (await import('./login/LoginPage')).LoginPage }),
      handle: { title: '登录' } satisfies AdminHandle,
      hydrateFallbackElement: <Loading />,
    },
    {
      path: '/',
      element: <AdminLayout routes={routes} />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loading />,
      children: [
        ...(hasHome ? [] : [{ index: true, element: <Welcome />, handle: { title: '工作台' } }]),
        ...routes.map(page),
        { path: '*', element: <NotFound />, handle: { title: '页面不存在' } satisfies AdminHandle },
      ],
    },
  ];
}
