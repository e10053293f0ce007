import type { SessionUser } from '@almquest/contracts/session';
import { Suspense } from 'react';
import { Outlet, useOutletContext } from 'react-router';
import { Spinner } from './ui/spinner';
import { useI18n } from '../i18n/i18n';
import { type GuardRule, useGuard } from '../lib/session/use-guard';

type Allowed = { user: SessionUser };

/**
 * A layout route that lets its pages open only for the people SPEC section 2 allows (see judge in
 * use-guard.ts); everyone else is sent away with the guard's alert. Its pages read the allowed
 * person with useAllowedUser and never check access themselves.
 */
export function RequireAccess({ rule }: { rule: GuardRule }) {
  const { user, isAllowed } = useGuard(rule);
  const { t } = useI18n();
  const waiting = (
    <div className="flex justify-center py-24" role="status" aria-label={t('common.loadingPage')}>
      <Spinner />
    </div>
  );
  if (!isAllowed || !user) return waiting;
  // Its own Suspense boundary: while a page's code loads, the guard stays mounted and remembers
  // that it let this person in (so leaving on purpose later brings no "not recognised" alert).
  return (
    <Suspense fallback={waiting}>
      <Outlet context={{ user } satisfies Allowed} />
    </Suspense>
  );
}

/** The signed-in person a RequireAccess layout route let in. */
export function useAllowedUser(): SessionUser {
  const allowed = useOutletContext<Allowed | undefined>();
  if (!allowed) throw new Error('useAllowedUser is for pages under a RequireAccess route');
  return allowed.user;
}
