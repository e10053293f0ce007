import { buttonClasses } from '../components/ui/button';
import { useSession } from '../lib/session';

/** Signed out: the Sign In button. Signed in: the user menu. */
export function AccountArea() {
  const { user } = useSession();
  if (!user) {
    return (
      <a href="/api/auth/login" className={buttonClasses('primary')}>
        Sign In
      </a>
    );
  }
  return <span className="text-sm font-semibold">{user.name}</span>;
}
