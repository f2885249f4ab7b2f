import { Link, useLocation } from 'react-router';
import { LIMITS, type NavItem } from '@kc/domain';
import s from './NavBar.module.css';

/** The top navigation: at most 9 items (SPEC §2), the current one underlined. */
export function TopNav({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  return (
    <nav className={s.nav} aria-label="主导航">
      {items.slice(0, LIMITS.navMaxItems).map((item) => {
        const current = item.url === pathname;
        const className = current ? s.current : s.item;
        // is_open asks for a new window (activity pages the operator links from elsewhere).
        if (item.is_open === 1 || !item.url.startsWith('/')) {
          return (
            <a key={item.id} className={className} href={item.url} target="_blank" rel="noopener noreferrer">
              {item.name}
            </a>
          );
        }
        return (
          <Link key={item.id} className={className} to={item.url} aria-current={current ? 'page' : undefined}>
            {item.name}
          </Link>
        );
      })}
    </nav>
  );
}
