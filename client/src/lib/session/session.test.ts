import { SessionResponseSchema } from '@almquest/contracts/session';
import { describe, expect, it } from 'vitest';
import { buildNewcomer, buildSessionUser } from '../../test/data';
import { sessionAnswer } from './session';

/** Whether a parser accepts the data (and then gives it back unchanged). */
function accepts(parse: (data: unknown) => unknown, data: unknown): boolean {
  try {
    expect(parse(data)).toEqual(data);
    return true;
  } catch {
    return false;
  }
}

describe('the session answer check (zod-free, for the first page)', () => {
  const user = buildSessionUser();
  it.each([
    ['a registered user', { user }],
    ['a newcomer', { user: buildNewcomer() }],
    ['a visitor', { user: null }],
    ['no user field', {}],
    ['null', null],
    ['a string', 'user'],
    ['a user without an e-mail', { user: { ...user, email: undefined } }],
    ['a picture that is a number', { user: { ...user, picture: 3 } }],
    ['an unknown account type', { user: { ...user, userType: 'admin' } }],
    ['isRegistered as text', { user: { ...user, isRegistered: 'true' } }],
    ['a coordinator', { user: { ...user, isCoordinator: true } }],
    ['isCoordinator as text', { user: { ...user, isCoordinator: 'yes' } }],
  ])('agrees with SessionResponseSchema on %s', (_label, data) => {
    const byZod = accepts((d) => SessionResponseSchema.parse(d), data);
    const byHand = accepts((d) => ({ user: sessionAnswer.parse(d) }), data);
    expect(byHand).toBe(byZod);
  });
});
