import type { UserType } from '@almquest/contracts/session';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../i18n/i18n';
import { joinTarget } from '../lib/session/sign-in-links';
import { useSession } from '../lib/session/session';

/**
 * A "Join" button: a visitor is sent to sign in and comes back to registration with the account
 * type chosen; a signed-in person goes straight to registration.
 */
export function JoinLink({
  type,
  className,
  children,
}: {
  type?: UserType;
  className: string;
  children: ReactNode;
}) {
  const { user } = useSession();
  const { locale } = useI18n();
  const target = joinTarget(user, locale, type);
  return target.isInApp ? (
    <Link to={target.href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={target.href} className={className}>
      {children}
    </a>
  );
}
