import { useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { signInUrl } from '../lib/account';
import { useLiveEvents } from '../lib/live-events';
import { useSession } from '../lib/session';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

/** Signed out: the Sign In button. Signed in: the user menu. */
export function AccountArea() {
  const { user } = useSession();
  const location = useLocation();
  useLiveEvents(user);
  if (!user) {
    return (
      <a href={signInUrl(location.pathname + location.search)} className={buttonClasses('primary')}>
        Sign In
      </a>
    );
  }
  return (
    <>
      {user.isRegistered && <NotificationBell user={user} />}
      <UserMenu user={user} />
    </>
  );
}
