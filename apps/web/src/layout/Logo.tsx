import { Link } from 'react-router';
import { SITE_TITLE } from '@kc/domain';
import s from './Logo.module.css';

/**
 * The brand mark drawn in CSS: no image request on the first paint, and the title text stays
 * selectable and readable by screen readers.
 */
export function Logo({ size = 'large', slogan = true }: { size?: 'large' | 'small'; slogan?: boolean }) {
  return (
    <Link to="/" className={`${s.logo} ${size === 'small' ? s.small : ''}`} aria-label={`${SITE_TITLE}首页`}>
      <span className={s.mark} aria-hidden="true">
        康
      </span>
      <span className={s.text}>
        <span className={s.title}>{SITE_TITLE}</span>
        {slogan && <span className={s.slogan}>正品保障 · 合规采购 · 极速配送</span>}
      </span>
    </Link>
  );
}
