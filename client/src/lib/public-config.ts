import { type PublicConfig, PublicConfigSchema } from '@almquest/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const publicConfigQueryKey = ['public-config'] as const;

/** GET /api/config. */
export function fetchPublicConfig(): Promise<PublicConfig> {
  return api.get('/config', PublicConfigSchema);
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
