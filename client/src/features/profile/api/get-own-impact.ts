import type { Profile } from '@almquest/contracts/users';
import { PersonalImpactSchema } from '@almquest/contracts/impact';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/:userType/:id/impact: the person's own meals per month and packages by state. */
export function useOwnImpact(profile: Pick<Profile, 'userType' | 'id'>) {
  return useQuery({
    queryKey: ['own-impact', profile.id] as const,
    queryFn: () => api.get(`/${profile.userType}/${profile.id}/impact`, PersonalImpactSchema),
  });
}

/** Where the person's own packages download as CSV (a plain link: the browser streams it). */
export function ownPackagesCsvUrl(profile: Pick<Profile, 'userType' | 'id'>): string {
  return `/api/${profile.userType}/${profile.id}/packages.csv`;
}
