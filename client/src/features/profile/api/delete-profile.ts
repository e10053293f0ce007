import type { UserType } from '@almquest/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api, ignoreBody } from '../../../lib/api-client';

/** DELETE /api/{userType}/{id}: the account and everything only it needed. */
export async function deleteProfile({
  userType,
  id,
}: {
  userType: UserType;
  id: string;
}): Promise<void> {
  await api.delete(`/${userType}/${id}`, ignoreBody);
}

export function useDeleteProfile() {
  return useMutation({ mutationFn: deleteProfile });
}
