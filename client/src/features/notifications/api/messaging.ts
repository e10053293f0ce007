import {
  type MessagingChannelSettings,
  MessagingChannelSettingsSchema,
  type MessagingSettings,
  MessagingSettingsSchema,
} from '@almquest/contracts/messaging';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagingKey } from '../../../api/messaging-key';
import { api } from '../../../lib/api-client';

/** GET /api/messaging: which phone channels this server offers, and where each stands. */
export function useMessagingSettings() {
  return useQuery({
    queryKey: messagingKey,
    queryFn: () => api.get('/messaging', MessagingSettingsSchema),
  });
}

/** Keeps the answer of a change to WhatsApp as the settings shown. */
function useWhatsappChange<Input>(change: (input: Input) => Promise<MessagingChannelSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (whatsapp) => {
      const before = queryClient.getQueryData<MessagingSettings>(messagingKey);
      if (before) queryClient.setQueryData(messagingKey, { ...before, whatsapp });
    },
  });
}

/** POST /api/messaging/whatsapp: a code to the profile's number (or already on). */
export const useStartWhatsapp = () =>
  useWhatsappChange(() => api.post('/messaging/whatsapp', {}, MessagingChannelSettingsSchema));

/** POST /api/messaging/whatsapp/verify: the code from the phone. */
export const useVerifyWhatsapp = () =>
  useWhatsappChange((code: string) =>
    api.post('/messaging/whatsapp/verify', { code }, MessagingChannelSettingsSchema),
  );

/** PATCH /api/messaging/whatsapp: package updates too, or offers only. */
export const useWhatsappUpdates = () =>
  useWhatsappChange((updates: boolean) =>
    api.patch('/messaging/whatsapp', { updates }, MessagingChannelSettingsSchema),
  );

/** DELETE /api/messaging/whatsapp: off, from the profile. */
export const useTurnOffWhatsapp = () =>
  useWhatsappChange(() => api.delete('/messaging/whatsapp', MessagingChannelSettingsSchema));
