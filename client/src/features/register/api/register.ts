import type { UserType } from '@almquest/contracts/session';
import type {
  DistributorRegistration,
  DonorRegistration,
  ProfileResponse,
} from '@almquest/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type RegistrationInput =
  | { userType: 'donor'; body: DonorRegistration }
  | { userType: 'distributor'; body: DistributorRegistration };

export async function register(input: RegistrationInput): Promise<ProfileResponse> {
  const path: `/${UserType}/register` = `/${input.userType}/register`;
  const res = await api.post<ProfileResponse>(path, input.body);
  return res.data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
