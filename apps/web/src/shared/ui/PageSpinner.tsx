import { Spin } from 'antd';

/** A centred spinner for pages and lazy chunks that are still loading. */
export function PageSpinner({ tip = '正在加载，请稍候…' }: { tip?: string }) {
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, padding: '120px 0' }}
    >
      <Spin size="large" />
      <span style={{ color: '#667085' }}>{tip}</span>
    </div>
  );
}

/**
 * A page whose chunk is still loading, under a shell that already shows: it holds a window's
 * height, so the footer waits below the fold instead of jumping down when the page arrives
 * (no layout shift on the first view, issue 17 item 8).
 */
export function RouteFallback() {
  return (
    <div style={{ minHeight: '100vh' }} data-testid="route-fallback">
      <PageSpinner />
    </div>
  );
}
