import { describe, expect, it } from 'vitest';
import { identityOf, mergeClaims, SignInError } from './oidc-client';

const refusal = (info: Record<string, unknown>) => {
  try {
    identityOf(info);
    return null;
  } catch (error) {
    return error instanceof SignInError ? error.code : String(error);
  }
};

describe("the identity taken from a provider's claims", () => {
  it('takes a verified e-mail, in lower case, with the name and an https picture', () => {
    expect(
      identityOf({
        sub: '1',
        email: 'Asha.Rao@Example.org',
        email_verified: true,
        name: 'Asha Rao',
        picture: 'https://example.org/a.png',
      }),
    ).toEqual({
      email: 'asha.rao@example.org',
      name: 'Asha Rao',
      picture: 'https://example.org/a.png',
    });
    // AWS Cognito says it in text.
    expect(identityOf({ email: 'a@example.org', email_verified: 'true' }).email).toBe(
      'a@example.org',
    );
  });

  it('refuses an e-mail the provider did not verify, or says nothing about', () => {
    // Accounts and coordinators are found by e-mail: a provider that lets an account carry any
    // address unverified (and says nothing) would let its holder sign in as someone else.
    expect(refusal({ email: 'coordinator@example.org', email_verified: false })).toBe(
      'unverified_email',
    );
    expect(refusal({ email: 'coordinator@example.org' })).toBe('unverified_email');
    expect(refusal({ email: 'coordinator@example.org', email_verified: 'false' })).toBe(
      'unverified_email',
    );
    expect(refusal({ email: 'coordinator@example.org', email_verified: 1 })).toBe(
      'unverified_email',
    );
    expect(refusal({ email_verified: true })).toBe('no_email');
  });

  it('keeps only an https picture and falls back to the e-mail for a missing name', () => {
    const identity = identityOf({
      email: 'kavya@example.org',
      email_verified: true,
      picture: 'http://example.org/k.png',
    });
    expect(identity).toEqual({ email: 'kavya@example.org', name: 'kavya', picture: null });
  });

  it("never pairs the token's verified address with another address from userinfo", () => {
    // The token vouches for one address; userinfo names another and says nothing of it.
    const merged = mergeClaims(
      { sub: 'u1', email: 'alice@attacker.example', email_verified: true },
      { sub: 'u1', email: 'coordinator.demo@example.org', name: 'Mallory' },
    );
    expect(identityOf(merged)).toEqual({
      email: 'alice@attacker.example',
      name: 'Mallory',
      picture: null,
    });
    // Userinfo's word counts for the token's address only when it names that same address.
    expect(
      refusal(
        mergeClaims(
          { sub: 'u1', email: 'asha@example.org' },
          { sub: 'u1', email: 'other@example.org', email_verified: true },
        ),
      ),
    ).toBe('unverified_email');
    expect(
      identityOf(
        mergeClaims(
          { sub: 'u1', email: 'asha@example.org' },
          { sub: 'u1', email: 'asha@example.org', email_verified: true, name: 'Asha' },
        ),
      ).email,
    ).toBe('asha@example.org');
    // No address in the token: userinfo's address with userinfo's word on it.
    expect(
      refusal(mergeClaims({ sub: 'u1', email_verified: true }, { email: 'x@example.org' })),
    ).toBe('unverified_email');
  });
});
