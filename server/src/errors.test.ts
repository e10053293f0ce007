import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

/** A driver error as Drizzle wraps it: the PostgreSQL error is the cause. */
const wrapped = (code: string, message: string) =>
  Object.assign(new Error('Failed query: select 1'), {
    cause: Object.assign(new Error(message), { code }),
  });

describe('a database that cannot be reached', () => {
  it('is told apart from a bad query, whatever way the server refuses the connection', () => {
    for (const [code, message] of [
      ['53300', 'sorry, too many clients already'],
      ['3D000', 'database "almquest" does not exist'],
      ['28P01', 'password authentication failed for user "almquest"'],
      ['55000', 'database "almquest" is not currently accepting connections'],
      ['57P01', 'terminating connection due to administrator command'],
    ]) {
      expect(isDatabaseUnavailable(wrapped(code!, message!)), code).toBe(true);
    }
    // A query's own fault stays a fault (answered as such, not "try again").
    expect(isDatabaseUnavailable(wrapped('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(wrapped('55000', 'cannot do that in this state'))).toBe(false);
  });
});
