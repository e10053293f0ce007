import type { SessionUser } from '@almquest/contracts/session';
import { type Profile, ToggleActivityResponseSchema } from '@almquest/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { api, failureAlert } from '../../../lib/api-client';
import { profileQueryKey } from '../../../api/get-profile';

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
  const { t, errorText } = useI18n();
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
              title: t('profile.active.title'),
              msg: t('profile.active.msg'),
            }
          : {
              type: 'info',
              title: t('profile.inactive.title'),
              msg: t('profile.inactive.msg'),
            },
      );
    },
    onError: (error) => {
      showAlert(failureAlert(t('profile.activityFailed'), error, errorText));
    },
  });
}
