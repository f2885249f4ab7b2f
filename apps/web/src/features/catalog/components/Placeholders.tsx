import { Skeleton } from 'antd';
import { MESSAGES } from '@kc/domain';
import s from './Placeholders.module.css';

/** Grey shapes of the coming list (no layout jump when it arrives). */
export function ListSkeleton({ view, count = 10 }: { view: 'grid' | 'table' | 'noImage'; count?: number }) {
  if (view !== 'grid') {
    return (
      <div className={s.rows} aria-busy="true" aria-label="加载中">
        <Skeleton active title={false} paragraph={{ rows: count, width: '100%' }} />
      </div>
    );
  }
  return (
    <div className={s.grid} aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={s.card}>
          <div className={s.picture} />
          <div className={s.line} />
          <div className={s.lineShort} />
        </div>
      ))}
    </div>
  );
}

/** The empty state (SPEC §4: 暂无数据). */
export function Empty({ text = MESSAGES.empty }: { text?: string }) {
  return (
    <div className={s.empty} role="status">
      {text}
    </div>
  );
}
