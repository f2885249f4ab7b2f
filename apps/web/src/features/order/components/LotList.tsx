import type { OrderLotView } from '@kc/domain';
import s from './order.module.css';

/** The batches a line was drawn from: 批号, 有效期至, how many units of each, and each batch's 质检报告. */
export function LotList({ lots, unit = '' }: { lots: OrderLotView[]; unit?: string }) {
  if (lots.length === 0) return <span className={s.muted}>—</span>;
  return (
    <ul className={s.lots} aria-label="批号">
      {lots.map((lot) => (
        <li key={lot.batch_no}>
          批号：{lot.batch_no} 有效期至：{lot.expires_on} ×{lot.number}
          {unit}
          {lot.qi_report_url && (
            <a href={lot.qi_report_url} target="_blank" rel="noreferrer" style={{ marginLeft: 8 }}>
              质检报告
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
