import type { UserType } from '@almquest/contracts/session';
import {
  type DistributorRegistration,
  type DonorRegistration,
  type ProfileResponse,
  ProfileResponseSchema,
} from '@almquest/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type RegistrationInput =
  | { userType: 'donor'; body: DonorRegistration }
  | { userType: 'distributor'; body: DistributorRegistration };

/** POST /api/{userType}/register: the new profile. */
export function register(input: RegistrationInput): Promise<ProfileResponse> {
  const path: `/${UserType}/register` = `/${input.userType}/register`;
  return api.post(path, input.body, ProfileResponseSchema);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
