import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { confirmsLeaving, hidesPrimaryNav, isClaimFlowRoute, SAVED_COURSE_KEY } from '../../lib/routes.ts';
import { $activeAgency, $claimProgress, $user, $userStatus } from '../../stores/user.ts';
import { runGuard } from '../../stores/guard.ts';
import AgencyDropdown from './AgencyDropdown.tsx';
import ExploreMenu, { type Topic } from './ExploreMenu.tsx';
// Shown only after a click on registration pages: loaded then (docs/decisions/005).
const LeaveDialog = lazy(() => import('./LeaveDialog.tsx'));
import ProgressBar from './ProgressBar.tsx';
import HeaderActions from './HeaderActions.tsx';
import { useCommonT } from '../shared/use-t.ts';

export interface HeaderProps {
  /** Route name (after /dashboard/; 'dashboard' for the agent dashboard). */
  route: string;
  /** True on authenticated pages: runs the route guard and shows the personal parts. */
  authenticated: boolean;
  /** Explore topics (content tags). */
  topics: Topic[];
  /** Percent for the claim-flow progress bar, when the page shows one ($claimProgress overrides it live). */
  progress?: number | null;
}

/**
 * The shared header: logo, primary nav, 'File a claim now', agency dropdown, user menu, progress bar. Under the
 * mobile breakpoint (767 px, spec section 9) the nav and the actions fold behind one 'Menu' button (a disclosure:
 * CSS shows the panel while the button is expanded; Escape closes it and returns focus to the button).
 */
export default function Header({ route, authenticated, topics, progress = null }: HeaderProps) {
  const t = useCommonT();
  const status = useStore($userStatus);
  const user = useStore($user);
  // The claim flow's islands set the percent as its steps change; the page's own value until they do.
  const liveProgress = useStore($claimProgress);
  const [leaving, setLeaving] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Co-branding (issue 17, src/stores/cobrand.ts): a lazy chunk, loaded on claim-flow pages (the only ones that show a
  // co-brand logo) and on any page whose address carries a client tag. It swaps the logo image itself.
  const active = useStore($activeAgency);
  useEffect(() => {
    if (isClaimFlowRoute(route) || /[?&]clienttag=/i.test(location.search)) void import('../../stores/cobrand.ts').then((m) => m.applyCobrand(route, active)).catch(() => undefined);
  }, [route, active]);

  useEffect(() => {
    if (authenticated) void runGuard();
  }, [authenticated]);
  useEffect(() => {
    // The Spanish title the layout wrote at build time (no title dictionary in the browser).
    const es = document.querySelector<HTMLMetaElement>('meta[name="title-es"]')?.content;
    if (t.lang === 'es' && es) document.title = es;
  }, [t.lang]);

  const onLogo = (e: MouseEvent<HTMLAnchorElement>) => {
    let saved: boolean;
    try {
      saved = Boolean(sessionStorage.getItem(SAVED_COURSE_KEY));
    } catch {
      saved = false;
    }
    if (confirmsLeaving(route) && saved) {
      e.preventDefault();
      setLeaving(e.currentTarget.href);
    }
  };

  const ready = authenticated && status === 'ready';
  const showNav = !hidesPrimaryNav(route);
  // Escape in the bar closes the phone menu, unless an open dropdown inside took it (its own Escape).
  const onBarKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && menuOpen && !e.defaultPrevented) {
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  };

  return (
    <header className="site-header">
      <div className="site-header__bar" onKeyDown={onBarKey}>
        <a className="logo" href="/" onClick={onLogo} aria-label={t('common.homeLogo')}>
          <img src="/logo.svg" alt="" width="148" height="36" />
        </a>
        {(showNav || ready) && (
          // CSS shows the panel after the button while aria-expanded is true.
          <button ref={menuButton} type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen(!menuOpen)}>
            {t('common.menu')}
          </button>
        )}
        <div id="site-menu" className="site-header__menu">
          {showNav && (
            <nav className="nav" aria-label={t('common.primaryNav')}>
              <a className="nav__link" href="/dashboard/" aria-current={route === 'dashboard' ? 'page' : undefined}>
                {t('common.myDashboard')}
              </a>
              <a className="nav__link" href="/agency-care-desk">{t('common.agencyCareDesk')}</a>
              <a className="nav__link" href="/dashboard/CECourseHome">{t('common.ceCourses')}</a>
              <ExploreMenu topics={topics} />
            </nav>
          )}
          <div className="site-header__actions">
            {ready && <HeaderActions />}
          </div>
        </div>
      </div>
      {ready && user.agencyList.length > 0 && (
        <div className="site-header__agency">
          <AgencyDropdown />
        </div>
      )}
      {authenticated && (status === 'idle' || status === 'loading') && (
        // Keeps the agency row's place while the user loads, so nothing below jumps (layout shift).
        <div className="site-header__agency" aria-hidden="true">
          <div className="agency-pending" />
        </div>
      )}
      {progress !== null && <ProgressBar percent={liveProgress ?? progress} />}
      {leaving && (
        <Suspense fallback={null}>
          <LeaveDialog
            onLeave={() => {
              sessionStorage.removeItem(SAVED_COURSE_KEY);
              window.location.assign(leaving);
            }}
            onStay={() => setLeaving(null)}
          />
        </Suspense>
      )}
    </header>
  );
}
