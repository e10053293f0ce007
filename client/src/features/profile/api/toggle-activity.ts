import type { SessionUser } from '@almquest/contracts/session';
import { type Profile, ToggleActivityResponseSchema } from '@almquest/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlerts } from '../../../lib/alerts';
import { api, failureAlert } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

/** POST /api/distributor/toggle/:id: whether the distributor is now active. */
export async function toggleActivity(distributorId: string): Promise<boolean> {
  return (
    await api.post(`/distributor/toggle/${distributorId}`, undefined, ToggleActivityResponseSchema)
  ).isActive;
}

/**
 * A distributor switches between active (visible to donors) and inactive. The shown state flips
 * only after the server agrees (SPEC section 4).
 */
export function useToggleActivity(user: SessionUser | null) {
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  return useMutation({
    mutationFn: () => toggleActivity(user?.id ?? ''),
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
