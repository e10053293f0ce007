import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { ScrollRequest } from '../features/home/hooks/use-go-to-section';

/**
 * A new page starts at the top. Not when going back (the browser puts you where you were), nor
 * when a section link asked the home page to scroll to its section.
 */
export function ScrollReset() {
  const { pathname, state } = useLocation();
  const navigationType = useNavigationType();
  const wantsSection = Boolean((state as ScrollRequest | null)?.scrollTo);

  useLayoutEffect(() => {
    if (navigationType === 'POP' || wantsSection) return;
    window.scrollTo(0, 0);
    // Only a change of page resets, not other changes of the location.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return null;
}
