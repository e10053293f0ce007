import { type CheckExistResponse, CheckExistResponseSchema } from '@almquest/contracts/users';
import type { SessionUser } from '@almquest/contracts/session';
import { api } from '../../../lib/api-client';

/** POST /api/checkExist for the signed-in person's own e-mail. */
export function checkExist(email: string): Promise<CheckExistResponse> {
  return api.post('/checkExist', { email }, CheckExistResponseSchema);
}

/**
 * What follows a sign-in (loaded with checkExist, so none of it weighs on the landing page): a
 * welcome for someone registered, or a coordinator (who may be neither donor nor distributor),
 * else the ask to register; and where to go, if anywhere. The landing page is for visitors and
 * registration is no place for a registered person; a coordinator on registration may mean to
 * register, and someone on their way to a page stays on it.
 */
export function afterSignIn(
  found: CheckExistResponse,
  isCoordinator: boolean,
  pathname: string,
): { isWelcome: boolean; to: string | null; greetingName?: string } {
  if (found.isRegistered) {
    return {
      isWelcome: true,
      to: pathname === '/' || pathname === '/register' ? '/profile' : null,
      ...(found.greetingName ? { greetingName: found.greetingName } : {}),
    };
  }
  if (isCoordinator) return { isWelcome: true, to: pathname === '/' ? '/coordinator' : null };
  // Already on registration (from a Join button, with its account type): stay.
  return { isWelcome: false, to: pathname === '/register' ? null : '/register' };
}

/** afterSignIn for this person, asking the server whether they are registered. */
export async function whatAfterSignIn(user: SessionUser, pathname: string) {
  return afterSignIn(await checkExist(user.email), user.isCoordinator === true, pathname);
}
