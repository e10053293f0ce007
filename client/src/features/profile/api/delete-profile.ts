import type { UserType } from '@almquest/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function deleteProfile({
  userType,
  id,
}: {
  userType: UserType;
  id: string;
}): Promise<void> {
  await api.delete(`/${userType}/${id}`);
}

export function useDeleteProfile() {
  return useMutation({ mutationFn: deleteProfile });
}
