import { z } from 'zod';

/**
 * An id (a UUID) as a request names it, in lower case: the server compares ids with the ones
 * PostgreSQL writes (always lower case) and keys locks and caches by them, so `ABC…` and `abc…`
 * must be one id.
 */
export const idOf = (error: string) => z.uuid({ error }).transform((id) => id.toLowerCase());
