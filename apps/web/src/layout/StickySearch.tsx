import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { LIMITS } from '@kc/domain';
import { Logo } from './Logo';
import { SearchBox } from './SearchBox';
import s from './StickySearch.module.css';

/** True once the page is scrolled at least `threshold` pixels; re-renders only on crossing. */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const check = () => setPast(window.scrollY >= threshold);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [threshold]);
  return past;
}

/**
 * The search bar pinned to the top after scrolling 205 px (SPEC §2, §9); its cart button shows
 * the same count as the header's (the member's cart lines, capped at 99).
 */
export function StickySearch({ cartCount = 0 }: { cartCount?: number }) {
  const visible = useScrolledPast(LIMITS.stickySearchScrollPx);
  if (!visible) return null;
  return (
    <div className={s.bar} role="region" aria-label="吸顶搜索">
      <div className={s.inner}>
        <Logo size="small" slogan={false} />
        <SearchBox compact />
        <Link to="/cart" className={s.cart}>
          <ShoppingCartOutlined aria-hidden /> 购物车
          <Badge count={cartCount} overflowCount={LIMITS.cartBadgeMax} className={s.cartBadge} />
        </Link>
      </div>
    </div>
  );
}
