import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useI18n } from '../i18n/i18n';
import { FIRST_LOAD_ANIMATION_MS, PAGE_CHANGE_SPINNER_MS } from '../lib/timings';

/** Profile and package pages show their own loading state while their data arrives. */
export function hasOwnLoader(pathname: string): boolean {
  return pathname === '/profile' || pathname.startsWith('/transaction/');
}

/**
 * SPEC: a full-screen loading animation on page changes (not on profile and package pages):
 * FIRST_LOAD_ANIMATION_MS when the app opens, PAGE_CHANGE_SPINNER_MS on each later change.
 */
export function PageLoader() {
  const { pathname } = useLocation();
  const isFirst = useRef(true);
  const { t } = useI18n();
  const [isVisible, setIsVisible] = useState(() => !hasOwnLoader(pathname));
  // Read during render: true until the first effect has run (also in the prerendered HTML).
  const isFirstLoad = isFirst.current;

  useEffect(() => {
    const duration = isFirst.current ? FIRST_LOAD_ANIMATION_MS : PAGE_CHANGE_SPINNER_MS;
    isFirst.current = false;
    if (hasOwnLoader(pathname)) {
      setIsVisible(false);
      return;
    }
    setIsVisible(true);
    const timer = setTimeout(() => setIsVisible(false), duration);
    return () => clearTimeout(timer);
  }, [pathname]);

  if (!isVisible) return null;
  return (
    <div
      role="status"
      aria-label={t('common.busy')}
      className="fixed inset-0 z-[55] flex items-center justify-center bg-white/90 dark:bg-gray-950/90"
      // The first-load overlay also ends by itself (keyframes in index.css), script or not.
      style={
        isFirstLoad
          ? { animation: `loader-out 1ms linear ${FIRST_LOAD_ANIMATION_MS}ms forwards` }
          : undefined
      }
    >
      <Spinner size={64} />
    </div>
  );
}
