import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { LIMITS, type CommonData, type UserProfile } from '@kc/domain';
import { Logo } from './Logo';
import { SearchBox } from './SearchBox';
import { TopBar } from './TopBar';
import s from './Header.module.css';

interface Props {
  user: UserProfile | null;
  common: CommonData | undefined;
  /** The top-right ad slot; the layout decides from the route flags whether it is there. */
  aside?: ReactNode;
}

/** The full storefront header: top bar, logo, search with hot words, cart button. */
export function Header({ user, common, aside }: Props) {
  const cartCount = user?.cart ?? 0;
  return (
    <header className={s.header}>
      <TopBar user={user} site={common?.site} />
      <div className={`${s.inner} ${s.main}`}>
        <Logo />
        <SearchBox hot={common?.rnss ?? []} />
        <Link to="/cart" className={s.cart}>
          <ShoppingCartOutlined className={s.cartIcon} aria-hidden />
          <span>我的购物车</span>
          <Badge count={cartCount} overflowCount={LIMITS.cartBadgeMax} className={s.cartBadge} />
        </Link>
        <div className={s.aside}>{aside}</div>
      </div>
    </header>
  );
}
