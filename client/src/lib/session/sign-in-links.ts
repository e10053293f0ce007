import type { Locale } from '@almquest/contracts/locales';
import type { SessionUser, UserType } from '@almquest/contracts/session';

/**
 * Where the Sign In button sends the browser: the server starts the OpenID Connect flow, asking
 * the provider to speak the app's language.
 */
export function signInUrl(returnTo: string, locale: Locale): string {
  return `/api/auth/login?returnTo=${encodeURIComponent(returnTo)}&lang=${locale}`;
}

/** Registration with an account type chosen: `/register?type=distributor`. */
export function registerPath(type?: UserType): string {
  return type ? `/register?type=${type}` : '/register';
}

/**
 * Where a "Join" button leads: a visitor signs in first and lands on registration with the
 * account type chosen; someone signed in goes straight there.
 */
export function joinTarget(
  user: SessionUser | null,
  locale: Locale,
  type?: UserType,
): { href: string; isInApp: boolean } {
  const path = registerPath(type);
  return user ? { href: path, isInApp: true } : { href: signInUrl(path, locale), isInApp: false };
}
