import type { PublicConfig } from '@almquest/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const publicConfigQueryKey = ['public-config'] as const;

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const res = await api.get('/config');
  return res.data as PublicConfig;
}

/** GET /api/config: map tiles, realtime transport, which providers are on. */
export function usePublicConfig({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
    enabled: isEnabled,
  });
}
