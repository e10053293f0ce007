import { useLocation } from 'react-router';
import { optionalPart } from '../components/optional-part';
import { buttonClasses } from '../components/ui/button';
import { Avatar } from '../components/ui/avatar';
import { signInUrl } from '../lib/session/sign-in-links';
import { useSession } from '../lib/session/session';
import { withAppCatalog } from '../i18n/catalog-parts';
import { useI18n } from '../i18n/i18n';

// Visitors never download the menu, the bell or the live-events code. If it cannot load (offline,
// no service worker), the avatar stays and the page with it.
const SignedInArea = optionalPart(() => withAppCatalog(import('./signed-in-area')));

/** Signed out: the Sign In button. Signed in: the bell and the user menu. */
export function AccountArea() {
  const { user } = useSession();
  const location = useLocation();
  const { t, locale } = useI18n();
  if (!user) {
    return (
      <a
        href={signInUrl(location.pathname + location.search, locale)}
        className={buttonClasses('primary')}
      >
        {t('nav.signIn')}
      </a>
    );
  }
  return (
    <SignedInArea
      user={user}
      retryKey={location.pathname}
      fallback={<Avatar name={user.name} picture={user.picture} size={36} />}
    />
  );
}
