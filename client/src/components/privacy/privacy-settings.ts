import { type PrivacySettings, PrivacySettingsSchema } from '@almquest/contracts/privacy';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET /api/privacy: the operator's part of the notice (who, whom to write to, how long). */
export function usePrivacySettings() {
  return useQuery({
    queryKey: ['privacy-settings'],
    queryFn: ({ signal }): Promise<PrivacySettings> =>
      api.get('/privacy', PrivacySettingsSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}
