import type { DonateRequest, Package, PackageList } from '@almquest/contracts/packages';
import { PackageListSchema, PackageResponseSchema } from '@almquest/contracts/packages';
import type { Profile } from '@almquest/contracts/users';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './profile';
import { packageQueryKey } from '../../transaction/api/package';

export const packageListQueryKey = (userId: string) => ['packages', userId] as const;

/** POST /api/donor/donate; the key makes a double submit create one package. */
export async function donatePackage(body: DonateRequest, idempotencyKey: string): Promise<Package> {
  const res = await api.post('/donor/donate', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return PackageResponseSchema.parse(res.data).package;
}

export function useDonate(profile: Profile) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: DonateRequest; key: string }) => donatePackage(body, key),
    onSuccess: (pkg) => {
      queryClient.setQueryData(packageQueryKey(pkg._id), pkg);
      void queryClient.invalidateQueries({ queryKey: packageListQueryKey(profile.id) });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey(profile) });
    },
  });
}

export async function fetchPackagePage(
  profile: Profile,
  cursor: string | null,
): Promise<PackageList> {
  const res = await api.get(`/${profile.userType}/${profile.id}/packages`, {
    params: { limit: 10, ...(cursor ? { cursor } : {}) },
  });
  return PackageListSchema.parse(res.data);
}

/** The user's packages, newest first, ten at a time. */
export function usePackageList(profile: Profile) {
  return useInfiniteQuery({
    queryKey: packageListQueryKey(profile.id),
    queryFn: ({ pageParam }) => fetchPackagePage(profile, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
