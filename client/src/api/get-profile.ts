import type { SessionUser } from '@almquest/contracts/session';
import { type Profile, ProfileResponseSchema } from '@almquest/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** Every profile query starts with this. */
export const profileQueryRoot = ['profile'] as const;
export const profileQueryKey = (user: Pick<SessionUser, 'id' | 'userType'>) =>
  [...profileQueryRoot, user.userType, user.id] as const;

/** GET /api/{userType}/{id}: the signed-in person's own profile. */
export async function getProfile(user: Pick<SessionUser, 'id' | 'userType'>): Promise<Profile> {
  return (await api.get(`/${user.userType}/${user.id}`, ProfileResponseSchema)).data;
}

export const profileQueryOptions = (user: Pick<SessionUser, 'id' | 'userType'>) =>
  queryOptions({ queryKey: profileQueryKey(user), queryFn: () => getProfile(user) });

/** The signed-in, registered user's profile (nothing is fetched for anyone else). */
export function useProfile(user: SessionUser | null) {
  return useQuery({
    ...profileQueryOptions(user ?? { id: '', userType: null }),
    enabled: Boolean(user?.isRegistered),
  });
}
