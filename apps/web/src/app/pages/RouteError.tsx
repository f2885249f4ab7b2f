import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Shown when a page fails to load or render. The usual cause after a deployment is a lazy
 * chunk that no longer exists, which a reload fixes. Plain markup: this loads with every page.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `（${error.status}）` : '';
  return (
    <div role="alert" style={{ padding: '96px 24px', textAlign: 'center' }}>
      <h1 style={{ fontSize: 22, fontWeight: 600, margin: '0 0 12px' }}>页面加载失败{detail}</h1>
      <p style={{ color: '#667085', margin: '0 0 24px' }}>网络不稳定或网站已更新，请刷新页面后重试。</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        刷新页面
      </Button>
    </div>
  );
}
