import { type PackageList, PackageListSchema } from '@almquest/contracts/packages';
import type { Profile } from '@almquest/contracts/users';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** Every package-list query starts with this. */
export const packageListQueryRoot = ['packages'] as const;
export const packageListQueryKey = (userId: string) => [...packageListQueryRoot, userId] as const;

/** GET /api/{userType}/{id}/packages: one page of the person's packages, newest first. */
export function getPackagePage(profile: Profile, cursor: string | null): Promise<PackageList> {
  return api.get(`/${profile.userType}/${profile.id}/packages`, PackageListSchema, {
    params: { limit: 10, ...(cursor ? { cursor } : {}) },
  });
}

export const packageListQueryOptions = (profile: Profile) =>
  infiniteQueryOptions({
    queryKey: packageListQueryKey(profile.id),
    queryFn: ({ pageParam }) => getPackagePage(profile, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The user's packages, newest first, ten at a time. */
export function usePackageList(profile: Profile) {
  return useInfiniteQuery(packageListQueryOptions(profile));
}
