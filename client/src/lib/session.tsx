import { type SessionUser, SessionUserSchema } from '@almquest/contracts/session';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api-client';

const STORAGE_KEY = 'user';
export const sessionQueryKey = ['session'] as const;

function readCachedUser(): SessionUser | null | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = SessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
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

/** GET /api/me: the signed-in user, or null when nobody is signed in. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    const res = await api.get('/me');
    const user = SessionUserSchema.parse(res.data);
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
