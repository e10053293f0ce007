import { type Package, PackageResponseSchema } from '@almquest/contracts/packages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** The key of one package's query; the live events refresh it when the package changes. */
export const packageQueryKey = (id: string) => ['package', id] as const;

/** GET /api/package/:id: the package as its donor or its distributor sees it. */
export async function getPackage(id: string): Promise<Package> {
  return (await api.get(`/package/${id}`, PackageResponseSchema)).package;
}

/** How often a package still waiting for a distributor is looked at again (offers move on). */
const WAITING_REFRESH_MS = 15_000;

export const packageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: packageQueryKey(id),
    queryFn: () => getPackage(id),
    // A decline or a lapsed offer tells the donor nothing (it goes on to the next distributor),
    // so the donor's page looks again now and then while the package waits.
    refetchInterval: (query) => {
      const state = query.state.data?.current_state;
      return state === 'Not Paired' || state === 'Offered' ? WAITING_REFRESH_MS : false;
    },
  });

export function usePackage(id: string) {
  return useQuery(packageQueryOptions(id));
}
