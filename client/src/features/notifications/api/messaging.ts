import {
  type MessagingChannel,
  type MessagingChannelSettings,
  MessagingChannelSettingsSchema,
  type MessagingSettings,
} from '@almquest/contracts/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messagingKey } from '../../../api/messaging-key';
import { api } from '../../../lib/api-client';

export { useMessagingSettings } from '../../../api/messaging-settings';

/** Keeps the answer of a change to one channel as that channel's settings shown. */
function useChannelChange<Input>(
  channel: MessagingChannel,
  change: (input: Input) => Promise<MessagingChannelSettings>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (settings) => {
      const before = queryClient.getQueryData<MessagingSettings>(messagingKey);
      if (before) queryClient.setQueryData(messagingKey, { ...before, [channel]: settings });
    },
  });
}

/** POST /api/messaging/<channel>: a code to the profile's number (or already on). */
export const useStartChannel = (channel: MessagingChannel) =>
  useChannelChange(channel, () =>
    api.post(`/messaging/${channel}`, {}, MessagingChannelSettingsSchema),
  );

/** POST /api/messaging/<channel>/verify: the code from the phone. */
export const useVerifyChannel = (channel: MessagingChannel) =>
  useChannelChange(channel, (code: string) =>
    api.post(`/messaging/${channel}/verify`, { code }, MessagingChannelSettingsSchema),
  );

/** PATCH /api/messaging/<channel>: package updates too, or offers only. */
export const useChannelUpdates = (channel: MessagingChannel) =>
  useChannelChange(channel, (updates: boolean) =>
    api.patch(`/messaging/${channel}`, { updates }, MessagingChannelSettingsSchema),
  );

/** DELETE /api/messaging/<channel>: off, from the profile. */
export const useTurnOffChannel = (channel: MessagingChannel) =>
  useChannelChange(channel, () =>
    api.delete(`/messaging/${channel}`, MessagingChannelSettingsSchema),
  );
