import type { SessionUser } from '@almquest/contracts/session';
import { useEffect, useRef } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { type AlertInput, useAlerts } from '../../../lib/alerts';
import { useSession } from '../api/session';

export type GuardRule = 'profile' | 'package' | 'register';

type Verdict = { alert: AlertInput; to: string } | null;

const notRecognised: AlertInput = {
  type: 'error',
  title: "Hey! We don't recognize you",
  msg: 'Please login to join AlmQuest!',
};
/** SPEC: the alert for someone on a package page that is not theirs to see. */
export const TRESPASSING_ALERT: AlertInput = {
  type: 'error',
  title: 'Hey! You are trespassing!',
  msg: 'You are not authorized to view this transaction.',
};

/** SPEC section 2, access guards: who is sent where, with which alert. Null lets them in. */
export function judge(rule: GuardRule, user: SessionUser | null): Verdict {
  switch (rule) {
    case 'profile':
      if (!user) return { alert: notRecognised, to: '/' };
      if (!user.isRegistered) {
        return {
          alert: {
            type: 'error',
            title: 'We were unable to find your profile!',
            msg: 'Please register with us to create your profile now.',
          },
          to: '/register',
        };
      }
      return null;
    case 'package':
      return user?.isRegistered ? null : { alert: TRESPASSING_ALERT, to: '/' };
    case 'register':
      if (!user) return { alert: notRecognised, to: '/' };
      if (user.isRegistered) {
        return {
          alert: {
            type: 'info',
            title: 'Already a member of the family',
            msg: `You are already registered as a ${user.userType ?? 'member'}`,
          },
          to: '/',
        };
      }
      return null;
  }
}

/**
 * True on the page a sign-in returned to (`?signedIn=1`, or the state SignInEffects leaves when it
 * takes that away): SignInEffects welcomes the person or sends them to register, with its own
 * alert, so a guard on that page redirects without adding a second one.
 */
export function arrivedFromSignIn(location: Pick<Location, 'search' | 'state'>): boolean {
  return (
    new URLSearchParams(location.search).get('signedIn') === '1' ||
    (location.state as { fromSignIn?: boolean } | null)?.fromSignIn === true
  );
}

/**
 * Applies a guard once the session is known. Returns the user when they may stay, else null
 * (and they are being sent away). The alert belongs to arriving: someone let in who then leaves
 * on purpose (signs out, registers, deletes their profile) hears only about what they did, so a
 * later change of the session sends them away without the guard's alert.
 */
export function useGuard(rule: GuardRule): {
  user: SessionUser | null;
  isAllowed: boolean;
  isChecking: boolean;
} {
  const { user, isChecking } = useSession();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const location = useLocation();
  const isSignInArrival = arrivedFromSignIn(location);
  const firstVerdict = useRef<'pending' | 'allowed' | 'refused'>('pending');
  const verdict = isChecking ? null : judge(rule, user);

  useEffect(() => {
    if (isChecking) return;
    if (firstVerdict.current === 'pending') {
      firstVerdict.current = verdict ? 'refused' : 'allowed';
      if (!verdict) return;
      if (!isSignInArrival) showAlert(verdict.alert);
      void navigate(verdict.to, { replace: true });
    } else if (firstVerdict.current === 'allowed' && verdict) {
      firstVerdict.current = 'refused';
      void navigate(verdict.to, { replace: true });
    }
  }, [isChecking, verdict, showAlert, navigate, isSignInArrival]);

  return { user, isAllowed: !isChecking && !verdict, isChecking };
}
