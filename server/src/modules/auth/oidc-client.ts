import type { Locale } from '@almquest/contracts/locales';
import type { SignInErrorCode } from '@almquest/contracts/sign-in-errors';
import { cleanOutsideText } from '@almquest/contracts/text';
import { PERSON_NAME_MAX } from '@almquest/contracts/users';
import * as oidc from 'openid-client';

export type OidcClientOptions = {
  issuer: string;
  clientId: string;
  /** A function when it is read from the database first (the development provider's). */
  clientSecret: string | undefined | (() => Promise<string>);
  redirectUri: string;
};

export type LoginStart = { url: string; state: string; nonce: string; codeVerifier: string };
export type VerifiedIdentity = { email: string; name: string; picture: string | null };

/** A sign-in refused for a reason the person can act on; only its code reaches the browser. */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(readonly code: SignInErrorCode) {
    super(`sign-in refused: ${code}`);
  }
}

/**
 * The relying-party side of OpenID Connect (authorization code + PKCE), with openid-client.
 * The provider's metadata is discovered on first use and kept; a failed discovery is retried.
 */
export function createOidcClient(options: OidcClientOptions) {
  let configuration: Promise<oidc.Configuration> | null = null;
  const issuerUrl = new URL(options.issuer);

  function getConfiguration(): Promise<oidc.Configuration> {
    const secret = options.clientSecret;
    configuration ??= Promise.resolve(typeof secret === 'function' ? secret() : secret)
      .then((clientSecret) =>
        oidc.discovery(
          issuerUrl,
          options.clientId,
          clientSecret,
          undefined,
          // The embedded development provider runs on plain http on this machine.
          issuerUrl.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
        ),
      )
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  }

  return {
    /** Where to send the browser, and the secrets to keep until it comes back. */
    /**
     * `prompt` asks the provider to show itself even when it remembers someone (after a sign-out,
     * so a shared phone can change account): `login`, or `select_account` for Google.
     */
    async startLogin({
      isAfterSignOut = false,
      locale,
    }: { isAfterSignOut?: boolean; locale?: Locale | undefined } = {}): Promise<LoginStart> {
      const config = await getConfiguration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(isAfterSignOut
          ? { prompt: issuerUrl.hostname === 'accounts.google.com' ? 'select_account' : 'login' }
          : {}),
        // OpenID Connect's way to ask the provider to speak the person's language.
        ...(locale ? { ui_locales: `${locale}-IN ${locale}` } : {}),
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /**
     * Exchanges the code from the callback URL for tokens, checks state, nonce and PKCE, and
     * returns the identity the provider vouches for (ID token, then userinfo for what is missing).
     */
    async finishLogin(
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<VerifiedIdentity> {
      const config = await getConfiguration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SignInError('provider');
      let info: Record<string, unknown> = { ...claims };
      if (
        typeof info.email !== 'string' ||
        typeof info.name !== 'string' ||
        info.email_verified === undefined
      ) {
        const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        info = mergeClaims(claims, userinfo);
      }
      return identityOf(info);
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

/**
 * The ID token's claims, with what it leaves out taken from userinfo. The e-mail and whether it
 * is verified come as a pair from one place: the token's address with the token's word on it (or
 * userinfo's word, only when userinfo names the same address), else userinfo's pair. A token's
 * verified address and userinfo's other, unverified one never make one verified identity.
 */
export function mergeClaims(
  token: Record<string, unknown>,
  userinfo: Record<string, unknown>,
): Record<string, unknown> {
  const filled: Record<string, unknown> = { ...token };
  for (const [key, value] of Object.entries(userinfo)) {
    if (value !== undefined && filled[key] === undefined) filled[key] = value;
  }
  if (typeof token.email === 'string') {
    filled.email = token.email;
    filled.email_verified =
      token.email_verified ??
      (userinfo.email === token.email ? userinfo.email_verified : undefined);
  } else {
    filled.email = userinfo.email;
    filled.email_verified = userinfo.email_verified;
  }
  return filled;
}

/**
 * Who the provider vouches for, from its claims (ID token, then userinfo). Accounts are found by
 * e-mail and coordinators named by it, so an e-mail the provider has not verified is refused,
 * and so is one it says nothing about: some providers (Microsoft Entra ID among them) let a
 * tenant's administrator set any address on an account and send no `email_verified`, which
 * would let them sign in as anyone here ("nOAuth"). `"true"` as text counts too (AWS Cognito
 * sends it so).
 */
export function identityOf(info: Record<string, unknown>): VerifiedIdentity {
  if (typeof info.email !== 'string' || !info.email) {
    throw new SignInError('no_email');
  }
  if (info.email_verified !== true && info.email_verified !== 'true') {
    throw new SignInError('unverified_email');
  }
  const email = info.email.toLowerCase();
  // The provider's name is outside text: held to the same rules as a name typed here.
  const name =
    (typeof info.name === 'string' && cleanOutsideText(info.name, PERSON_NAME_MAX)) ||
    cleanOutsideText(email.split('@')[0] ?? '', PERSON_NAME_MAX) ||
    'AlmQuest user';
  const picture =
    typeof info.picture === 'string' && info.picture.startsWith('https://') ? info.picture : null;
  return { email, name, picture };
}
