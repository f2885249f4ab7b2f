import { MESSAGES } from '@kc/domain';
import s from './Placeholders.module.css';

/** Grey tiles in the shape of goods cards while a section loads (no layout jump after). */
export function GoodsSkeleton({ count }: { count: number }) {
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

/** The empty state of a section (SPEC §4: 暂无数据). */
export function EmptyBlock({ text = MESSAGES.empty }: { text?: string }) {
  return <div className={s.empty}>{text}</div>;
}
