import type { SessionResponse, SessionUser } from '@almquest/contracts/session';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

const STORAGE_KEY = 'user';

/** Enough of a check to trust a cached or fetched user (zod stays out of the first page's code). */
function isSessionUser(value: unknown): value is SessionUser {
  const v = value as Partial<SessionUser> | null;
  return (
    typeof v?.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    typeof v.isRegistered === 'boolean'
  );
}
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
    const res = await api.get<SessionResponse>('/session');
    const user = res.data?.user ?? null;
    if (user !== null && !isSessionUser(user))
      throw new Error('Unexpected answer from /api/session');
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
