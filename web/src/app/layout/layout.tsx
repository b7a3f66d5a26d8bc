import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { scrollBehavior } from '../../lib/reduced-motion.ts';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { SpinnerOverlay } from './spinner-overlay.tsx';
import { ToastStack } from './toast-stack.tsx';
import { clearToastsOfPreviousScreen } from '../../lib/toasts.ts';
import { SessionNotices } from './session-notices.tsx';
import { useSession } from '../../lib/session.tsx';

// Only a signed-in member whose address is unconfirmed sees the banner, so its code (and the
// contract's schemas that its call reads the answer with) loads only for them, not on every page.
const VerifyEmailBanner = lazy(async () => ({
  default: (await import('../../features/auth/components/verify-email-banner.tsx')).VerifyEmailBanner,
}));

/** The verify-email banner, loaded when the member it is for is signed in. */
function UnverifiedNotice() {
  const { user } = useSession();
  if (!user || user.emailVerificado !== false) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner />
    </Suspense>
  );
}

/** A quiet placeholder while a screen's code or translations load. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="page-loading" role="status">
      <div className="spinner-border text-secondary" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/**
 * Scrolls smoothly to the top whenever the path changes and no fragment names a section. Not when
 * the app starts: the page was drawn before it, and a visitor who has already scrolled it keeps
 * their place.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const shown = useRef({ pathname, hash });
  useEffect(() => {
    const before = shown.current;
    shown.current = { pathname, hash };
    if (hash || (before.pathname === pathname && before.hash === hash)) return;
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }, [pathname, hash]);
  return null;
}

/**
 * Takes away the toasts of the screen left behind when another opens (a staff tab, a page); a
 * toast shown as part of the change itself stays (`clearToastsOfPreviousScreen`).
 */
function ToastsFollowTheScreen() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    clearToastsOfPreviousScreen();
  }, [pathname]);
  return null;
}

/** The first stop for keyboard users: straight to the page's content. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a className="skip-link" href="#main">
      {t('SKIP_TO_CONTENT')}
    </a>
  );
}

/** The shell around every screen: header, main, footer, spinner and toasts. */
export function Layout() {
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1}>
        <UnverifiedNotice />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SpinnerOverlay />
      <ToastStack />
      <ScrollToTop />
      <ToastsFollowTheScreen />
      <SessionNotices />
    </>
  );
}
