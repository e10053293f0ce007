import { UserPathSchema } from '@almquest/contracts/users';
import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { UserRow } from '../../db/rows';
import { requireRegistered, sessionUser } from '../../middleware/authenticate';
import { onlyUserTypes } from '../../middleware/user-type-path';
import { validate } from '../../middleware/validate';
import { assertOwnPath } from './users.policy';

type OwnPathInput<Q extends z.ZodType | undefined> = {
  user: UserRow;
  params: z.infer<typeof UserPathSchema>;
  query: Q extends z.ZodType ? z.infer<Q> : undefined;
};

/**
 * The steps of every `/:userType/:id/...` route, in order: the path names a role (else the next
 * route), a registered person asks, the path is valid, and it is their own id in their own role
 * (assertOwnPath). The handler gets the person, the path and the parsed query.
 */
export function ownPathRoute<Q extends z.ZodType | undefined = undefined>(
  handler: (input: OwnPathInput<Q>, req: Request, res: Response) => Promise<void> | void,
  query?: Q,
): RequestHandler[] {
  return [
    onlyUserTypes,
    requireRegistered,
    validate({ params: UserPathSchema, ...(query ? { query } : {}) }, async (input, req, res) => {
      const user = sessionUser(req);
      assertOwnPath(user, input.params);
      const own = { user, params: input.params, query: input.query } as OwnPathInput<Q>;
      await handler(own, req, res);
    }),
  ];
}
