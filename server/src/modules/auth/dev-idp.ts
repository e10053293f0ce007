import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, Router } from 'express';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { eq } from 'drizzle-orm';
import { type AppDb, isStatementTimeout } from '../../db/client';
import { isDatabaseUnavailable } from '../../errors';
import { appState } from '../../db/schema';
import { createDevIdpStore, findDevAccount, saveDevAccount } from './dev-idp-store';
import { Provider } from './oidc-provider-quiet';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { demoAccounts, demoCoordinator } from './demo-accounts';
import { DEV_IDP_TEXTS, devIdpLocale } from './dev-idp-texts';
import type { Locale } from '@almquest/contracts/locales';

export const DEV_IDP_PATH = '/dev-idp';

const KEYS_STATE = 'dev_idp_keys';
type DevIdpKeys = { clientSecret: string; cookieKey: string; jwk: Record<string, unknown> };

/** The provider's signing key, cookie key and client secret: made once, kept in the database. */
async function loadDevIdpKeys(db: AppDb): Promise<DevIdpKeys> {
  const read = async () => {
    const [row] = await db
      .select({ value: appState.value })
      .from(appState)
      .where(eq(appState.key, KEYS_STATE));
    return row ? (JSON.parse(row.value) as DevIdpKeys) : null;
  };
  const stored = await read();
  if (stored) return stored;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const made: DevIdpKeys = {
    clientSecret: randomBytes(24).toString('base64url'),
    cookieKey: randomBytes(32).toString('hex'),
    jwk: { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'dev-1' },
  };
  // Processes starting together: the first one's keys are everyone's.
  await db
    .insert(appState)
    .values({ key: KEYS_STATE, value: JSON.stringify(made) })
    .onConflictDoNothing();
  return (await read()) ?? made;
}

const LoginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'emailRequired')
    .max(254, 'emailInvalid')
    .pipe(z.email('emailInvalid')),
  name: z.string().trim().max(100, 'nameTooLong').optional(),
});

/** The form's messages are keys of DEV_IDP_TEXTS, said in the page's language. */
function isTextKey(key: unknown): key is 'emailRequired' | 'emailInvalid' | 'nameTooLong' {
  return key === 'emailRequired' || key === 'emailInvalid' || key === 'nameTooLong';
}

/** The language of the page: what AlmQuest asked for (ui_locales), else the browser's. */
function pageLocale(details: { params: Record<string, unknown> }, req: Request): Locale {
  return devIdpLocale(details.params.ui_locales, req.headers['accept-language']);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** The letters each face draws: only those come from it, so it can lead the font stack. */
const SCRIPT_RANGES = {
  devanagari: 'U+0900-097F, U+1CD0-1CFF, U+200C-200D, U+20B9, U+25CC, U+A830-A839, U+A8E0-A8FF',
  bengali: 'U+0951-0952, U+0964-0965, U+0980-09FE, U+1CD0-1CF9, U+200C-200D, U+20B9, U+25CC',
};

/**
 * The app's own Devanagari and Bengali fonts (the client build's self-hosted Noto files), so this
 * page shows real letters where the machine has no such font. Empty without a client build.
 */
function findScriptFonts(clientDist: string): string {
  let files: string[];
  try {
    files = readdirSync(path.join(clientDist, 'assets'));
  } catch {
    return '';
  }
  return files
    .map((file) => /^noto-sans-(devanagari|bengali)-\1-(400|700)-normal-[\w-]+\.woff2$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(
      ([file, script, weight]) =>
        `@font-face { font-family: 'AlmQuest ${script}'; font-weight: ${weight}; font-display: swap; src: url('/assets/${file}') format('woff2'); unicode-range: ${SCRIPT_RANGES[script as keyof typeof SCRIPT_RANGES]}; }`,
    )
    .join('\n');
}

function renderSignInPage(
  uid: string,
  locale: Locale,
  values: { email?: string; name?: string },
  error?: string,
  fontFaces = '',
) {
  const text = DEV_IDP_TEXTS[locale];
  const action = `${DEV_IDP_PATH}/interaction/${encodeURIComponent(uid)}/login`;
  const demoButtons = demoAccounts
    .map(
      (a) => `<form method="post" action="${action}">
        <input type="hidden" name="email" value="${escapeHtml(a.email)}">
        <input type="hidden" name="name" value="${escapeHtml(a.name)}">
        <button type="submit" class="secondary">${escapeHtml((a.role === 'donor' ? text.demoDonor : text.demoDistributor).replace('{name}', a.name))}</button>
      </form>`,
    )
    .concat(
      `<form method="post" action="${action}">
        <input type="hidden" name="email" value="${escapeHtml(demoCoordinator.email)}">
        <input type="hidden" name="name" value="${escapeHtml(demoCoordinator.name)}">
        <button type="submit" class="secondary">${escapeHtml(text.demoCoordinator.replace('{name}', demoCoordinator.name))}</button>
      </form>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  ${fontFaces}
  /* The app's faces first, for their scripts' letters only: a machine's own Indic font, where it
     has one, is never asked, so the page looks the same on every machine. */
  body { font-family: 'AlmQuest devanagari', 'AlmQuest bengali', system-ui, 'Noto Sans', sans-serif; margin: 0; background: #f0fdf4; color: #111827; }
  main { max-width: 26rem; margin: 3rem auto; background: #fff; padding: 1.5rem; border-radius: 1rem; box-shadow: 0 1px 4px #0002; }
  h1 { margin-top: 0; color: #166534; font-size: 1.5rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input[type=text] { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #9ca3af; border-radius: .5rem; margin-top: .25rem; }
  /* Controls do not inherit the page's fonts by default: their Hindi and Bengali were boxes. */
  button, input { font-family: inherit; }
  button { width: 100%; margin-top: 1rem; padding: .7rem; font-size: 1rem; font-weight: 600; border-radius: .5rem; border: 0; background: #15803d; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #166534; border: 1px solid #15803d; margin-top: .5rem; }
  .error { color: #b91c1c; font-weight: 600; }
  .note { font-size: .875rem; color: #4b5563; }
  a { color: #166534; }
</style>
</head>
<body>
<main>
  <h1>${text.title}</h1>
  <p class="note">${text.note}</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="${action}">
    <label for="email">${text.email}</label>
    <input id="email" name="email" type="text" inputmode="email" spellcheck="false" autocapitalize="none" aria-required="true" autocomplete="email" value="${escapeHtml(values.email ?? '')}" ${error ? 'aria-invalid="true"' : ''}>
    <label for="name">${text.name} <span class="note">${text.optional}</span></label>
    <input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(values.name ?? '')}">
    <button type="submit">${text.continue}</button>
  </form>
  <h2 class="note">${text.demo}</h2>
  ${demoButtons}
  <p class="note"><a href="${DEV_IDP_PATH}/interaction/${encodeURIComponent(uid)}/abort">${text.cancel}</a></p>
</main>
</body>
</html>`;
}

export type DevIdentityProvider = {
  router: Router;
  issuer: string;
  clientId: string;
  clientSecret: () => Promise<string>;
};

/**
 * The embedded development OpenID provider (oidc-provider, a certified implementation) at
 * /dev-idp. Its sign-in page asks only for an email address, so it must never face the public
 * internet; config refuses it in production unless ALLOW_DEV_IDP=1.
 */
export function createDevIdentityProvider(
  config: Config,
  logger: Logger,
  db: AppDb,
): DevIdentityProvider {
  const issuer = `${config.origin}${DEV_IDP_PATH}`;
  const clientId = 'almquest-dev';
  const scriptFonts = findScriptFonts(config.clientDist);

  // Keys and the client's secret are the database's, so every process signs and checks alike
  // behind a proxy; read on first use, and read again after a failure.
  type Ready = {
    provider: InstanceType<typeof Provider>;
    handle: ReturnType<InstanceType<typeof Provider>['callback']>;
    clientSecret: string;
  };
  let ready: Promise<Ready> | null = null;
  const providerReady = () => {
    ready ??= loadDevIdpKeys(db)
      .then((keys) => {
        const provider = buildProvider(keys);
        return { provider, handle: provider.callback(), clientSecret: keys.clientSecret };
      })
      .catch((error: unknown) => {
        ready = null;
        throw error;
      });
    return ready;
  };
  const clientSecret = async () => (await providerReady()).clientSecret;

  const buildProvider = (keys: DevIdpKeys) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: keys.clientSecret,
          redirect_uris: [`${config.origin}/api/auth/callback`],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      adapter: createDevIdpStore(db),
      pkce: { required: () => true },
      scopes: ['openid', 'email', 'profile'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
      findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => {
        const account = (await findDevAccount(db, sub)) ?? { email: sub, name: nameFromEmail(sub) };
        return {
          accountId: sub,
          claims: () => ({ sub, email: account.email, email_verified: true, name: account.name }),
        };
      },
      interactions: {
        url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}`,
      },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: [keys.cookieKey] },
      // Short lives: this provider only bridges a sign-in.
      ttl: {
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
        AuthorizationCode: 60,
        AccessToken: 600,
        IdToken: 600,
      },
      jwks: { keys: [keys.jwk] },
      renderError: (ctx, out, error) => {
        // Its store is the database: one that is away is a 503 to try again, not a 500.
        if (isDatabaseUnavailable(error) || isStatementTimeout(error)) {
          ctx.status = 503;
          ctx.set('Retry-After', '5');
        }
        ctx.type = 'html';
        ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${escapeHtml(
          String(out.error_description ?? out.error),
        )}</p><p><a href="/">Back to AlmQuest</a></p>`;
      },
    });
    provider.proxy = config.trustProxy !== false;
    provider.on('server_error', (ctx, err) => {
      if (isDatabaseUnavailable(err) || isStatementTimeout(err)) {
        (ctx.state as { isDatabaseAway?: boolean }).isDatabaseAway = true;
        logger.warn({ err }, 'dev-idp: the database is away');
      } else logger.error({ err }, 'dev-idp server error');
    });
    // Its JSON endpoints (token, userinfo) answer a database that is away as the rest of the
    // app does: 503 to try again, not 500.
    provider.use(async (ctx, next) => {
      await next();
      if ((ctx.state as { isDatabaseAway?: boolean }).isDatabaseAway && ctx.status === 500) {
        ctx.status = 503;
        ctx.set('Retry-After', '5');
      }
    });
    return provider;
  };

  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb' });
  // Its endpoints and redirects are the issuer's, whatever Host a proxy passes on: nginx's usual
  // `proxy_set_header Host $host` drops the port, and every endpoint would point at port 80.
  const own = new URL(config.origin);
  router.use(DEV_IDP_PATH, (req, _res, next) => {
    req.headers.host = own.host;
    delete req.headers['x-forwarded-host'];
    req.headers['x-forwarded-proto'] = own.protocol.slice(0, -1);
    next();
  });
  const noStore = (_req: Request, res: Response, next: () => void) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.get(`${DEV_IDP_PATH}/interaction/:uid`, noStore, async (req, res) => {
    const { provider } = await providerReady();
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const locale = pageLocale(details, req);
      res
        .type('html')
        .send(
          renderSignInPage(details.uid, locale, {}, undefined, locale === 'en' ? '' : scriptFonts),
        );
      return;
    }
    // A first-party client: consent is implied, so grant what it asked for and carry on.
    const accountId = details.session?.accountId;
    const clientIdParam = String(details.params.client_id ?? '');
    if (!accountId) throw new Error('consent prompt without a signed-in account');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: clientIdParam });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: details.grantId ? {} : { grantId } },
      { mergeWithLastSubmission: true },
    );
  });

  router.post(`${DEV_IDP_PATH}/interaction/:uid/login`, noStore, form, async (req, res) => {
    const { provider } = await providerReady();
    const details = await provider.interactionDetails(req, res);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const parsed = LoginFormSchema.safeParse({
      email: typeof body.email === 'string' ? body.email : '',
      name: typeof body.name === 'string' && body.name.trim() ? body.name : undefined,
    });
    if (!parsed.success) {
      const locale = pageLocale(details, req);
      const code = parsed.error.issues[0]?.message;
      const message = DEV_IDP_TEXTS[locale][isTextKey(code) ? code : 'emailInvalid'];
      res
        .status(400)
        .type('html')
        .send(
          renderSignInPage(
            details.uid,
            locale,
            { email: String(body.email ?? ''), name: String(body.name ?? '') },
            message,
            locale === 'en' ? '' : scriptFonts,
          ),
        );
      return;
    }
    const email = parsed.data.email.toLowerCase();
    await saveDevAccount(db, { email, name: parsed.data.name ?? nameFromEmail(email) });
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: email } },
      { mergeWithLastSubmission: false },
    );
  });

  router.get(`${DEV_IDP_PATH}/interaction/:uid/abort`, noStore, async (req, res) => {
    const { provider } = await providerReady();
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'Sign-in was cancelled.' },
      { mergeWithLastSubmission: false },
    );
  });

  router.use(DEV_IDP_PATH, (req, res, next) => {
    providerReady()
      .then(({ handle }) => handle(req, res))
      .catch(next);
  });
  return { router, issuer, clientId, clientSecret };
}
