import {
  type DonateRequest,
  type Package,
  PackageResponseSchema,
} from '@almquest/contracts/packages';
import type { Profile } from '@almquest/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageQueryKey } from '../../../api/get-package';
import { packageListQueryKey } from '../../../api/get-packages';
import { profileQueryKey } from '../../../api/get-profile';

/** POST /api/donor/donate; the key makes a double submit create one package. */
export async function donate(body: DonateRequest, idempotencyKey: string): Promise<Package> {
  const answer = await api.post('/donor/donate', body, PackageResponseSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return answer.package;
}

export function useDonate(profile: Profile) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: DonateRequest; key: string }) => donate(body, key),
    onSuccess: (pkg) => {
      queryClient.setQueryData(packageQueryKey(pkg._id), pkg);
      void queryClient.invalidateQueries({ queryKey: packageListQueryKey(profile.id) });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey(profile) });
    },
  });
}
