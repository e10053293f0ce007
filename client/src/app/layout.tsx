import { PRIVACY_NOTICE_VERSION } from '@almquest/contracts/privacy-version';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useI18n } from '../i18n/i18n';
import { optionalPart } from '../components/optional-part';
import { ToastViewport } from '../components/ui/toast-viewport';
import { withAppCatalog } from '../i18n/catalog-parts';
import { useSession } from '../lib/session/session';
import { AccountArea } from './account-area';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoader } from './page-loader';
import { ScrollReset } from './scroll-reset';
import { prefetchShellRoutes } from './shell-routes';
import { StatusBanners } from './status-banners';

// Loaded only when a sign-in comes back to the app (?signedIn=1 or ?signInError=…), with the rest
// of the catalog, which holds its words (the signed-in area needs that rest next anyway).
// Like every part outside the pages' error screen, a part whose code cannot load shows nothing.
const SignInEffects = optionalPart(async () => {
  const { SignInEffects: part } = await withAppCatalog(import('./sign-in-effects'));
  return { default: part };
});

// Someone registered who has not accepted the current privacy notice (decision 043).
const ConsentGate = lazy(() => withAppCatalog(import('./consent-gate')));
const ConsentBanner = optionalPart(async () => {
  const { ConsentBanner: part } = await withAppCatalog(import('./consent-gate'));
  return { default: part };
});
/**
 * Pages open to them meanwhile, with a banner asking: the notice itself, the contact page (to
 * complain), their profile (to download their data and leave) and their packages (to finish or
 * call off what is under way before leaving).
 */
const isOpenBeforeConsent = (pathname: string) =>
  ['/privacy', '/profile', '/contact'].includes(pathname) ||
  /^\/(?:transaction|donations)\//.test(pathname);

/** Whether a sign-in has come back to this tab: once it has, its effects stay mounted. */
function useSignInReturned(): boolean {
  const { search } = useLocation();
  const [hasReturned, setHasReturned] = useState(false);
  const isReturning = /[?&](?:signedIn|signInError)=/.test(search);
  if (isReturning && !hasReturned) setHasReturned(true);
  return hasReturned || isReturning;
}

export function Layout() {
  const { t } = useI18n();
  const hasSignInReturned = useSignInReturned();
  const { user, isChecking } = useSession();
  const { pathname } = useLocation();
  const needsConsent =
    !isChecking && user?.isRegistered === true && user.privacyNotice !== PRIVACY_NOTICE_VERSION;
  // The banner's button shows the gate on an open page too.
  const [isAsked, setIsAsked] = useState(false);
  const mustConsent = needsConsent && (isAsked || !isOpenBeforeConsent(pathname));
  // The tab's title in the reader's language (index.html carries the English one); a page may
  // name itself there (usePageTitle), after this.
  const title = t('site.title');
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(prefetchShellRoutes, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-white focus:p-2"
      >
        {t('common.skipToContent')}
      </a>
      <Navbar accountArea={<AccountArea />} />
      <StatusBanners />
      <main id="main" className="flex-1">
        <Suspense
          fallback={
            <div
              className="flex justify-center py-24"
              role="status"
              aria-label={t('common.loadingPage')}
            >
              <Spinner />
            </div>
          }
        >
          {needsConsent && !mustConsent && <ConsentBanner onAsk={() => setIsAsked(true)} />}
          <PageErrorBoundary>{mustConsent ? <ConsentGate /> : <Outlet />}</PageErrorBoundary>
        </Suspense>
      </main>
      <Footer />
      <ScrollReset />
      {hasSignInReturned && <SignInEffects retryKey={pathname} />}
      <PageLoader />
      <ToastViewport />
    </div>
  );
}
