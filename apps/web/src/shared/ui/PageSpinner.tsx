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
