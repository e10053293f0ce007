import type { SessionUser } from '@almquest/contracts/session';
import { useQuery } from '@tanstack/react-query';
import { isLocale } from '@almquest/contracts/locales';
import { api, ApiError, type ResponseParser } from '../api-client';
import { setOfflineUser } from '../pwa';

const STORAGE_KEY = 'user';

/**
 * SessionUserSchema's check written out by hand, for a cached or fetched user: the first page
 * reads /api/session, and zod stays out of its code (session.test.ts holds the two equal).
 */
function isSessionUser(value: unknown): value is SessionUser {
  const v = value as Partial<SessionUser> | null;
  return (
    typeof v?.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    (v.picture === null || typeof v.picture === 'string') &&
    typeof v.isRegistered === 'boolean' &&
    (v.userType === null || v.userType === 'donor' || v.userType === 'distributor') &&
    (v.locale === null || isLocale(v.locale)) &&
    (v.isCoordinator === undefined || typeof v.isCoordinator === 'boolean')
  );
}

/** The answer of GET /api/session: `{ user }`, the user or null. */
export const sessionAnswer: ResponseParser<SessionUser | null> = {
  parse(data) {
    const user = (data as { user?: unknown } | null)?.user;
    if (user === null || isSessionUser(user)) return user;
    throw new Error('Not a session answer');
  },
};
export const sessionQueryKey = ['session'] as const;

export function readCachedUser(): SessionUser | null | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isSessionUser(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function cacheUser(user: SessionUser | null): void {
  // The service worker keeps only this person's answers for offline reading.
  setOfflineUser(user?.id ?? null);
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the server session still holds the truth.
  }
}

/** GET /api/session: the signed-in user, or null when nobody is signed in (no 401). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    const user = await api.get('/session', sessionAnswer);
    cacheUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      cacheUser(null);
      return null;
    }
    throw error;
  }
}

/**
 * Who is signed in. The server session is the truth; localStorage `user` only lets the first paint
 * show the right navbar before /api/me answers.
 */
export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSessionUser,
    placeholderData: readCachedUser,
    staleTime: 60_000,
  });
  return {
    user: query.data ?? null,
    /** True until the server has answered at least once. */
    isChecking: query.isPlaceholderData || query.isPending,
    refetch: query.refetch,
  };
}

/** First name, for friendly alerts. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
