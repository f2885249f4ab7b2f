import type { ReactNode } from 'react';
import s from './HoverPanel.module.css';

/**
 * A small panel shown while the pointer is over (or focus is inside) its trigger. Pure CSS,
 * so layout parts on every page (the toolbar's QR code, "add to desktop") cost no popup
 * library in the first load.
 */
export function HoverPanel({
  children,
  content,
  title,
  placement = 'bottom',
}: {
  children: ReactNode;
  content: ReactNode;
  title?: string;
  placement?: 'bottom' | 'left';
}) {
  return (
    <div className={`${s.wrap} ${placement === 'left' ? s.left : s.bottom}`}>
      {children}
      <div className={s.panel} role="tooltip">
        {title && <strong className={s.title}>{title}</strong>}
        {content}
      </div>
    </div>
  );
}
