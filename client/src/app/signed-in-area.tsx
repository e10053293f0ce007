import type { SessionUser } from '@almquest/contracts/session';
import { useAccountLocale } from '../features/auth/api/set-account-locale';
import { useLiveEvents } from '../features/notifications/hooks/use-live-events';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { UserMenu } from './user-menu';

/** What a signed-in person has in the navbar; loaded only once someone is signed in. */
export default function SignedInArea({ user }: { user: SessionUser }) {
  useLiveEvents(user);
  useAccountLocale(user);
  return (
    <>
      {user.isRegistered && <NotificationBell user={user} />}
      <UserMenu user={user} />
    </>
  );
}
