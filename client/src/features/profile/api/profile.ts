import type { SessionUser } from '@almquest/contracts/session';
import type { Profile, ProfileResponse } from '@almquest/contracts/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAlerts } from '../../../lib/alerts';
import { api, failureAlert } from '../../../lib/api-client';

export const profileQueryKey = (user: Pick<SessionUser, 'id' | 'userType'>) =>
  ['profile', user.userType, user.id] as const;

/** GET /api/{userType}/{id}: the profile in data.data. */
export async function fetchProfile(user: Pick<SessionUser, 'id' | 'userType'>): Promise<Profile> {
  const res = await api.get(`/${user.userType}/${user.id}`);
  return (res.data as ProfileResponse).data;
}

/** The signed-in, registered user's profile. */
export function useProfile(user: SessionUser | null) {
  return useQuery({
    queryKey: profileQueryKey(user ?? { id: '', userType: null }),
    queryFn: () => fetchProfile(user!),
    enabled: Boolean(user?.isRegistered),
  });
}

/**
 * A distributor switches between active (visible to donors) and inactive. The shown state flips
 * only after the server agrees (SPEC section 4).
 */
export function useToggleActivity(user: SessionUser | null) {
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  return useMutation({
    mutationFn: async () => {
      const res = await api.post(`/distributor/toggle/${user?.id}`);
      return (res.data as { isActive: boolean }).isActive;
    },
    onSuccess: (isActive) => {
      if (user) {
        queryClient.setQueryData<Profile>(profileQueryKey(user), (old) =>
          old && old.userType === 'distributor' ? { ...old, isActive } : old,
        );
      }
      showAlert(
        isActive
          ? {
              type: 'success',
              title: 'Wow! You are active now',
              msg: 'You will be visible to donors',
            }
          : {
              type: 'info',
              title: 'Looking forward to seeing you!',
              msg: 'You are inactive now and will not be visible to donors',
            },
      );
    },
    onError: (error) => {
      showAlert(failureAlert('Could not change your activity', error));
    },
  });
}
