import { type Package, PackageResponseSchema } from '@almquest/contracts/packages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The key of one package's query; the live events refresh it when the package changes. */
export const packageQueryKey = (id: string) => ['package', id] as const;

/** GET /api/package/:id: the package as its donor or its distributor sees it. */
export async function getPackage(id: string): Promise<Package> {
  return (await api.get(`/package/${id}`, PackageResponseSchema)).package;
}

export const packageQueryOptions = (id: string) =>
  queryOptions({ queryKey: packageQueryKey(id), queryFn: () => getPackage(id) });

export function usePackage(id: string) {
  return useQuery(packageQueryOptions(id));
}
