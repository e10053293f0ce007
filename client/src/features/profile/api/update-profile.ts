import { type Profile, ProfileResponseSchema } from '@almquest/contracts/users';
import type { DistributorUpdate, DonorUpdate } from '@almquest/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../api/get-profile';
import { cacheUser, sessionQueryKey } from '../../../lib/session/session';
import type { SessionUser } from '@almquest/contracts/session';
import { messagingKey } from '../../../api/messaging-key';

export type ProfileUpdate =
  | { userType: 'donor'; id: string; body: DonorUpdate }
  | { userType: 'distributor'; id: string; body: DistributorUpdate };

/** PATCH /api/{userType}/update/{id}: the profile as saved. */
export async function updateProfile(update: ProfileUpdate): Promise<Profile> {
  const path = `/${update.userType}/update/${update.id}`;
  return (await api.patch(path, update.body, ProfileResponseSchema)).data;
}

/** PATCH, then reload the profile (SPEC: after a save the profile is reloaded). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      // The account menu shows the new name at once, not after a reload.
      const current = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
      if (current && current.id === profile.id) {
        const renamed = { ...current, name: profile.name };
        queryClient.setQueryData(sessionQueryKey, renamed);
        cacheUser(renamed);
      }
      // A new phone number turns WhatsApp off until it is proven: "How we reach you" says so.
      void queryClient.invalidateQueries({ queryKey: messagingKey });
      return queryClient.invalidateQueries({
        queryKey: profileQueryKey({ id: profile.id, userType: profile.userType }),
      });
    },
  });
}
