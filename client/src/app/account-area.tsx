import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Avatar } from '../components/ui/avatar';
import { signInUrl } from '../features/auth/sign-in-links';
import { useSession } from '../features/auth/api/session';

// Visitors never download the menu, the bell or the live-events code.
const SignedInArea = lazy(() => import('./signed-in-area'));

/** Signed out: the Sign In button. Signed in: the bell and the user menu. */
export function AccountArea() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    return (
      <a href={signInUrl(location.pathname + location.search)} className={buttonClasses('primary')}>
        Sign In
      </a>
    );
  }
  return (
    <Suspense fallback={<Avatar name={user.name} picture={user.picture} size={36} />}>
      <SignedInArea user={user} />
    </Suspense>
  );
}
