import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import './theme.css';
import { useCommon } from '../shared/site/common';
import { BottomAd, FloatingAd, TopRightAd } from './Ads';
import { CartProgress } from './CartProgress';
import { DevProvidersBanner } from './DevProvidersBanner';
import { LicenceBanner } from './LicenceBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { NO_PROFILE_ROUTES } from './links';
import { LoginHeader } from './LoginHeader';
import { NavBar } from './NavBar';
import { RightToolbar } from './RightToolbar';
import { SideLinks } from './SideLinks';
import { StickySearch } from './StickySearch';
import { useRouteHandle } from './useRouteHandle';
import { useShellUser } from './user';
import s from './AppLayout.module.css';
import { DRAW_EXCLUDED_ROUTES } from '../features/draw/excluded';

// Its own chunk, loaded once a member's profile is known (after first paint): the home
// route's first-load budget stays as it was.
const DrawPopup = lazy(() => import('../features/draw/DrawPopup').then((m) => ({ default: m.DrawPopup })));

/**
 * False in the shell's first render, true right after it. The parts that start below the fold
 * or show only on scroll (footer, bottom ad, right toolbar, side links, sticky search) render
 * in a second pass, as a transition: the first render — the one whose paint is the first view
 * on a slow CPU — has less to do (issue 17 item 8, decision 078).
 */
function useAfterFirstRender(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}

/**
 * The storefront shell. Every part is switched by the deepest route's handle flags
 * (SPEC §2), and all parts share one `/api/common` query and one profile query.
 */
export function AppLayout() {
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  const { data: common } = useCommon();
  const anyHeader = handle.header || handle.loginHeader;
  // SPEC §4: those pages load the profile themselves; the header reads it from the cache.
  const user = useShellUser(anyHeader && !NO_PROFILE_ROUTES.has(handle.name));
  const site = common?.site;
  const later = useAfterFirstRender();

  return (
    <div className={s.page}>
      <DevProvidersBanner show={common?.dev_providers} />
      <LicenceBanner member={user !== null} />
      {handle.header ? (
        <Header user={user} common={common} aside={handle.topRightAd ? <TopRightAd /> : null} />
      ) : handle.loginHeader ? (
        <LoginHeader user={user} title={handle.name === 'login' ? '欢迎登录' : handle.title} />
      ) : null}
      {handle.header && (handle.categoryMenu || handle.nav) && (
        <NavBar
          common={common}
          showMenu={handle.categoryMenu}
          showNav={handle.nav}
          // The home page lays its carousel out beside the open menu.
          expandMenu={pathname === '/'}
        />
      )}
      {handle.cartStep && <CartProgress step={handle.cartStep} />}
      <main className={s.main}>
        <Suspense fallback={<div className={s.loading}>加载中…</div>}>
          <Outlet />
        </Suspense>
      </main>
      {/* Ads stay off the slim login-style pages, where they would distract from the form. */}
      {later && handle.footer && handle.header && <BottomAd />}
      {later && handle.footer && <Footer site={site} />}
      {later && handle.rightBar && (
        <RightToolbar user={user} site={site} onCartPage={handle.cartStep === 1} />
      )}
      {later && handle.rightBar && <SideLinks />}
      {later && handle.header && <StickySearch cartCount={user?.cart ?? 0} />}
      {handle.footer && handle.header && <FloatingAd />}
      {/* SPEC §4: the prize-draw pop-up, for members, never on the activity routes. */}
      {user && !DRAW_EXCLUDED_ROUTES.has(handle.name) && (
        <Suspense fallback={null}>
          <DrawPopup />
        </Suspense>
      )}
    </div>
  );
}
