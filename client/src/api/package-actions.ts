import {
  type Package,
  PackageResponseSchema,
  type ReasonRequest,
  type WidenRequest,
} from '@almquest/contracts/packages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoreBody } from '../lib/api-client';
import { packageQueryKey } from './get-package';
import { invalidateOwnData } from './mark-package';

/**
 * The pickup lifecycle's calls: the offered distributor accepts or declines, the
 * assigned one says they are on their way or releases, the donor cancels or widens the travel
 * range. Each answers with the
 * package as the caller now sees it.
 */
export type PackageAction =
  | { kind: 'accept' }
  | { kind: 'onMyWay' }
  | { kind: 'decline'; body: ReasonRequest }
  | { kind: 'release'; body: ReasonRequest }
  | { kind: 'cancel'; body: ReasonRequest }
  | { kind: 'widen'; body: WidenRequest };

/** The package afterwards; null after decline or release, when it is no longer the caller's. */
export async function runPackageAction(id: string, action: PackageAction): Promise<Package | null> {
  const path = `/package/${id}`;
  switch (action.kind) {
    case 'accept':
      return (await api.post(`${path}/accept`, {}, PackageResponseSchema)).package;
    case 'onMyWay':
      return (await api.post(`${path}/on-my-way`, {}, PackageResponseSchema)).package;
    case 'widen':
      return (await api.patch(path, action.body, PackageResponseSchema)).package;
    case 'cancel':
      return (await api.post(`${path}/cancel`, action.body, PackageResponseSchema)).package;
    case 'decline':
    case 'release':
      await api.post(`${path}/${action.kind}`, action.body, ignoreBody);
      return null;
  }
}

/** Runs one action, then shows the package as it is now and refreshes the person's lists. */
export function usePackageAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PackageAction) => runPackageAction(id, action),
    onSuccess: (pkg) => {
      if (pkg) queryClient.setQueryData(packageQueryKey(id), pkg);
      else queryClient.removeQueries({ queryKey: packageQueryKey(id) });
      invalidateOwnData(queryClient);
    },
  });
}
