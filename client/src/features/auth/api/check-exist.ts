import { type CheckExistResponse, CheckExistResponseSchema } from '@almquest/contracts/users';
import { api } from '../../../lib/api-client';

/** POST /api/checkExist for the signed-in person's own e-mail. */
export function checkExist(email: string): Promise<CheckExistResponse> {
  return api.post('/checkExist', { email }, CheckExistResponseSchema);
}
