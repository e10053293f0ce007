import { z } from 'zod';
import { said } from './field-words';

/**
 * An id (a UUID) as a request names it, in lower case: the server compares ids with the ones
 * PostgreSQL writes (always lower case) and keys locks and caches by them, so `ABC…` and `abc…`
 * must be one id.
 */
export const idOf = () =>
  z.uuid({ error: said('Not a valid id', 'field.invalidId') }).transform((id) => id.toLowerCase());
