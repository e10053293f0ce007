import type { SessionUser, UserType } from '@almquest/contracts/session';
import type { CheckExistResponse } from '@almquest/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../../lib/alerts';
import { api } from '../../../lib/api-client';
import { cacheUser, sessionQueryKey } from './session';

/** POST /api/checkExist for the signed-in person's own e-mail. */
export async function checkExist(email: string): Promise<CheckExistResponse> {
  const res = await api.post('/checkExist', { email });
  return res.data as CheckExistResponse;
}

/** Forgets the user in the browser (cache and query). */
export function useForgetUser() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    cacheUser(null);
    queryClient.setQueryData<SessionUser | null>(sessionQueryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  }, [queryClient]);
}

/** Sign-out: ends the server session, clears the user, goes home, says so (SPEC section 4). */
export function useSignOut() {
  const forget = useForgetUser();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  return useMutation({
    mutationFn: () => api.post('/auth/logout'),
    onSettled: () => {
      forget();
      void navigate('/');
      showAlert({
        type: 'info',
        title: 'Signed out',
        msg: 'You have been signed out. See you soon!',
      });
    },
  });
}

/** Where the Sign In button sends the browser: the server starts the OpenID Connect flow. */
export function signInUrl(returnTo: string): string {
  return `/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
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
  type?: UserType,
): { href: string; isInApp: boolean } {
  const path = registerPath(type);
  return user ? { href: path, isInApp: true } : { href: signInUrl(path), isInApp: false };
}
