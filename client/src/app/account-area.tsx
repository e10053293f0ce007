import { useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { signInUrl } from '../lib/account';
import { useSession } from '../lib/session';
import { UserMenu } from './user-menu';

/** Signed out: the Sign In button. Signed in: the user menu. */
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
  return <UserMenu user={user} />;
}
