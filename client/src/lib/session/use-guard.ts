import type { SessionUser, UserType } from '@almquest/contracts/session';
import { useEffect, useRef } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { type AlertInput, useAlerts } from '../alerts';
import { useSession } from './session';
import { type I18n, useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages/en';

export type GuardRule = 'profile' | 'package' | 'register' | 'coordinator';

/** An alert by its catalog keys, said in the reader's language when it shows (sayAlert). */
export type GuardAlert = {
  type: AlertInput['type'];
  title: MessageKey;
  msg: MessageKey;
  /** The person's role, for a message that names it ("registered as a donor"). */
  role?: UserType | null;
};

type Verdict = { alert: GuardAlert; to: string } | null;

const notRecognised: GuardAlert = {
  type: 'error',
  title: 'guard.notRecognised.title',
  msg: 'guard.notRecognised.msg',
};
const notCoordinator: GuardAlert = {
  type: 'error',
  title: 'guard.notCoordinator.title',
  msg: 'guard.notCoordinator.msg',
};
/** SPEC: the alert for someone on a package page that is not theirs to see. */
export const TRESPASSING_ALERT: GuardAlert = {
  type: 'error',
  title: 'guard.trespassing.title',
  msg: 'guard.trespassing.msg',
};

/** A guard's alert in the reader's words. */
export function sayAlert(alert: GuardAlert, t: I18n['t']): AlertInput {
  const userType = alert.role ? t(`roleLower.${alert.role}`) : t('role.member');
  return { type: alert.type, title: t(alert.title), msg: t(alert.msg, { userType }) };
}

/** SPEC section 2, access guards: who is sent where, with which alert. Null lets them in. */
export function judge(rule: GuardRule, user: SessionUser | null): Verdict {
  switch (rule) {
    case 'profile':
      if (!user) return { alert: notRecognised, to: '/' };
      if (!user.isRegistered) {
        return {
          alert: {
            type: 'error',
            title: 'guard.noProfile.title',
            msg: 'guard.noProfile.msg',
          },
          to: '/register',
        };
      }
      return null;
    case 'package':
      return user?.isRegistered ? null : { alert: TRESPASSING_ALERT, to: '/' };
    case 'coordinator':
      return user?.isCoordinator ? null : { alert: user ? notCoordinator : notRecognised, to: '/' };
    case 'register':
      if (!user) return { alert: notRecognised, to: '/' };
      if (user.isRegistered) {
        return {
          alert: {
            type: 'info',
            title: 'guard.alreadyMember.title',
            msg: 'guard.alreadyMember.msg',
            role: user.userType,
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
  const { t } = useI18n();
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
      if (!isSignInArrival) {
        const { alert } = verdict;
        showAlert({ ...sayAlert(alert, t), say: (said) => sayAlert(alert, said) });
      }
      void navigate(verdict.to, { replace: true });
    } else if (firstVerdict.current === 'allowed' && verdict) {
      firstVerdict.current = 'refused';
      void navigate(verdict.to, { replace: true });
    }
  }, [isChecking, verdict, showAlert, navigate, isSignInArrival, t]);

  return { user, isAllowed: !isChecking && !verdict, isChecking };
}
