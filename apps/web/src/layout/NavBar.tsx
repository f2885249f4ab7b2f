import type { CommonData } from '@kc/domain';
import { CategoryMenu } from './CategoryMenu';
import { TopNav } from './TopNav';
import s from './NavBar.module.css';

interface Props {
  common: CommonData | undefined;
  showMenu: boolean;
  showNav: boolean;
  expandMenu: boolean;
}

/** The brand-blue band under the header: the category menu title and the top navigation. */
export function NavBar({ common, showMenu, showNav, expandMenu }: Props) {
  return (
    <div className={s.band}>
      <div className={s.inner}>
        {showMenu && <CategoryMenu categories={common?.category ?? []} expanded={expandMenu} />}
        {showNav && <TopNav items={common?.nav ?? []} />}
      </div>
    </div>
  );
}
