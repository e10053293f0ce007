import type { SessionUser } from '@almquest/contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { useAlerts } from '../alerts';
import { api, ApiError, failureAlert, ignoreBody, offlineError } from '../api-client';
import { cacheUser, sessionQueryKey } from './session';
import { forgetLanguagePicked } from './language-picked';
import { forgetPushDevice } from './push-device';

/**
 * POST /api/auth/logout: ends the server session (and its live streams). This device first stops
 * getting the person's pushes, while the session can still say whose device it is.
 */
export async function signOut(): Promise<void> {
  // Offline nothing changes, this device's pushes included: the person stays signed in.
  if (!navigator.onLine) throw offlineError();
  await forgetPushDevice();
  return api.post('/auth/logout', undefined, ignoreBody);
}

/** Forgets the user in the browser (cache and query). */
export function useForgetUser() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    cacheUser(null);
    forgetLanguagePicked();
    queryClient.setQueryData<SessionUser | null>(sessionQueryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  }, [queryClient]);
}

/**
 * Sign-out: ends the server session, clears the user, goes home, says so (SPEC section 4). Only
 * once the server has ended the session (or says there was none): a sign-out that did not reach
 * it leaves the person signed in, on a shared phone too, so it is never said to have happened.
 */
export function useSignOut() {
  const forget = useForgetUser();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const { t, errorText } = useI18n();
  const signedOut = () => {
    forget();
    void navigate('/');
    showAlert({
      type: 'info',
      title: t('signOut.title'),
      msg: t('signOut.msg'),
    });
  };
  return useMutation({
    mutationFn: signOut,
    onSuccess: signedOut,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return signedOut();
      // Lost on the way back, the session may have ended: not said to be still there.
      showAlert(failureAlert(t('signOut.failed'), error, errorText));
    },
  });
}
