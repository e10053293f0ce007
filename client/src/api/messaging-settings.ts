import { MessagingSettingsSchema } from '@almquest/contracts/messaging';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { messagingKey } from './messaging-key';

/**
 * GET /api/messaging: which phone channels this server offers, and where each stands. Shared:
 * the profile's form warns that a new number turns them off.
 */
export function useMessagingSettings() {
  return useQuery({
    queryKey: messagingKey,
    queryFn: () => api.get('/messaging', MessagingSettingsSchema),
  });
}
