import { describe, expect, it } from 'vitest';
import { DataDirInUseError } from './db/data-dir-lock';
import { databaseFailure, failureReason } from './startup-errors';

describe('start-up failure messages', () => {
  it.each([
    [Object.assign(new Error('open failed'), { code: 'EACCES' }), 'EACCES'],
    [new Error('disk on fire'), 'disk on fire'],
    [{ errno: 2 }, 'errno 2'],
    [{ message: 'ErrnoError: 63' }, 'ErrnoError: 63'],
    [{}, 'unknown error'],
    ['plain text', 'plain text'],
    [undefined, 'undefined'],
  ])('reads %o as %j, never [object Object]', (error, reason) => {
    expect(failureReason(error)).toBe(reason);
  });

  it('names DATA_DIR for an embedded folder that cannot be used, whatever was thrown', () => {
    const message = databaseFailure({ errno: 13 }, { kind: 'pglite', dataDir: '/srv/data' });
    expect(message).toContain('/srv/data (DATA_DIR)');
    expect(message).toContain('errno 13');
    expect(message).not.toContain('[object Object]');
  });

  it('says which process holds a folder in use', () => {
    const message = databaseFailure(new DataDirInUseError('/srv/data', 4242), {
      kind: 'pglite',
      dataDir: '/srv/data',
    });
    expect(message).toContain('pid 4242');
  });
});
