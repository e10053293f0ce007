import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OSM_ATTRIBUTION } from '@almquest/contracts/location';
import { DEMO_COORDINATOR_EMAIL } from '@almquest/contracts/session';
import { z } from 'zod';
import { vapidSigningKey } from './lib/web-push';
import { readSmsTemplateIds, type SmsTemplateIds } from './lib/sms-templates';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An absolute http:// or https:// URL with a host ("localhost:8080" alone is not one). */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
/**
 * A number setting written as a plain decimal, the same for every setting: "10" or "0.5", never
 * hex ("0x10"), an exponent ("1e3"), a sign or a unit. Whole numbers only with `whole`.
 */
function plainNumber(min: number, max: number, { whole = false } = {}) {
  const example = whole
    ? `a whole number from ${min} to ${max}`
    : `a number such as ${max >= 10 ? 10 : 1} or 0.5`;
  return z
    .string()
    .trim()
    .regex(whole ? /^\d+$/ : /^\d+(?:\.\d+)?$/, `must be ${example} (plain digits)`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no'])
    .optional()
    .transform((v) => v === '1' || v === 'true' || v === 'yes'),
);

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .default('8080')
      // Not 0 either: that asks for a port at random, which nobody could then reach.
      .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, {
        error: (issue) => `${JSON.stringify(issue.input)} is not a port number (1-65535)`,
      })
      .transform(Number),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isHttpUrl, {
        error: (issue) =>
          `${JSON.stringify(issue.input)} is not an absolute http(s) address, e.g. https://almquest.example.org or http://localhost:8080`,
      })
      .optional(),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  CLIENT_DIST: optionalString,
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  ALLOW_DEV_IDP: booleanFlag,
  SIM_CLOCK: booleanFlag,
  SERVE_SOURCE_MAPS: z.preprocess(
    emptyAsUndefined,
    z.enum(['0', '1', 'true', 'false', 'yes', 'no']).optional(),
  ),
  SESSION_TTL_DAYS: z.preprocess(emptyAsUndefined, plainNumber(0.01, 365).default(30)),
  OFFER_MINUTES: z.preprocess(emptyAsUndefined, plainNumber(0.01, 24 * 60).default(10)),
  DISPATCH_POLICY: z.preprocess(
    emptyAsUndefined,
    z.enum(['reliable', 'nearest']).default('reliable'),
  ),
  SPLIT_MIN_MEALS: z.preprocess(
    emptyAsUndefined,
    plainNumber(1, 10_000, { whole: true }).default(10),
  ),
  SPLIT_MAX_PARTS: z.preprocess(emptyAsUndefined, plainNumber(2, 50, { whole: true }).default(5)),
  // Hours: 0 turns the upkeep off, and anything else is a quarter of an hour at least (a
  // vacuum every few seconds would hold up every request).
  UPKEEP_HOURS: z.preprocess(
    emptyAsUndefined,
    plainNumber(0, 24 * 7)
      .refine((hours) => hours === 0 || hours >= 0.25, {
        message: 'must be 0 (off) or at least 0.25 (a quarter of an hour)',
      })
      .default(24),
  ),
  // A cap on WhatsApp sends a minute across all processes, so a bug or a flood cannot run up a
  // bill; above it, deliveries wait in the outbox for the next minute.
  WHATSAPP_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    plainNumber(1, 100_000, { whole: true }).default(60),
  ),
  // The same for SMS, which costs per part sent.
  SMS_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    plainNumber(1, 100_000, { whole: true }).default(60),
  ),
  DEADLINE_SWEEP_SECONDS: z.preprocess(emptyAsUndefined, plainNumber(0.1, 3600).default(5)),
  STANDING_LEAD_MINUTES: z.preprocess(emptyAsUndefined, plainNumber(0, 24 * 60).default(120)),
  // The privacy notice's operator and grievance contact (DPDP Rules 9 and 14; decision 043).
  PRIVACY_OPERATOR: optionalString,
  PRIVACY_ADDRESS: optionalString,
  GRIEVANCE_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  GRIEVANCE_PHONE: optionalString,
  GRIEVANCE_DAYS: z.preprocess(emptyAsUndefined, plainNumber(1, 90, { whole: true }).default(30)),
  // How long personal data is kept, in days (decision 043). Audit entries and the processing
  // they record: a year at least (DPDP Rule 8(3)).
  CONTACT_RETENTION_DAYS: z.preprocess(
    emptyAsUndefined,
    plainNumber(1, 3650, { whole: true }).default(30),
  ),
  DORMANT_DAYS: z.preprocess(emptyAsUndefined, plainNumber(30, 3650, { whole: true }).default(730)),
  DORMANT_WARNING_DAYS: z.preprocess(
    emptyAsUndefined,
    plainNumber(2, 365, { whole: true }).default(30),
  ),
  CONTACT_MESSAGES_DAYS: z.preprocess(
    emptyAsUndefined,
    plainNumber(30, 3650, { whole: true }).default(365),
  ),
  AUDIT_DAYS: z.preprocess(emptyAsUndefined, plainNumber(365, 3650, { whole: true }).default(1095)),
  BACKUP_DAYS: z.preprocess(emptyAsUndefined, plainNumber(1, 365, { whole: true }).default(30)),
  RATE_LIMIT_MULTIPLIER: z.preprocess(emptyAsUndefined, plainNumber(0.001, 1_000_000).default(1)),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  CONTACT_TO: z.preprocess(emptyAsUndefined, z.email().optional()),
  CONTACT_FROM: optionalString,
  MAIL_FROM: optionalString,
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(?:mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  ),
  PUSH_EXTRA_ORIGINS: optionalString,
  COORDINATOR_EMAILS: optionalString,
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      // A secret read from a file often ends in a newline, which no header can carry.
      .trim()
      .min(16, 'must be at least 16 characters (a secret, e.g. openssl rand -hex 32)')
      // What a Bearer header can carry (RFC 6750): a token with a space or a letter outside
      // ASCII would start the server and then never match.
      .regex(
        /^[\w\-.~+/]+=*$/,
        'must be letters, digits and - . _ ~ + / only, without spaces (e.g. openssl rand -hex 32)',
      )
      // "0000000000000000" is as long as a secret and guessed at once.
      .refine((token) => new Set(token).size >= 8, {
        message: 'must be a secret, not a repeated pattern: make one with openssl rand -hex 32',
      })
      .optional(),
  ),
  IMPACT_CACHE_SECONDS: z.preprocess(emptyAsUndefined, plainNumber(0, 3600).default(60)),
  LIVE_STREAMS_MAX: z.preprocess(
    emptyAsUndefined,
    plainNumber(1, 1_000_000, { whole: true }).optional(),
  ),
  OSRM_URL: optionalUrl,
  GOOGLE_MAPS_API_KEY: optionalString,
  GOOGLE_PLACES_API_URL: optionalUrl,
  GOOGLE_GEOCODE_API_URL: optionalUrl,
  PUSHER_APP_ID: optionalString,
  PUSHER_KEY: optionalString,
  PUSHER_SECRET: optionalString,
  PUSHER_CLUSTER: optionalString,
  PUSHER_API_URL: optionalUrl,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_ACCESS_TOKEN: optionalString,
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_API_URL: optionalUrl,
  GUPSHUP_USERID: optionalString,
  GUPSHUP_PASSWORD: optionalString,
  GUPSHUP_API_URL: optionalUrl,
  SMS_SENDER_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9]{6}$/i, 'must be your DLT header (sender id): 6 letters or digits')
      .optional(),
  ),
  SMS_DLT_ENTITY_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{10,30}$/, 'must be your DLT principal entity id (digits)')
      .optional(),
  ),
  SMS_DLT_TEMPLATES: optionalString,
  SMS_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[\w-]{24,200}$/,
        'must be at least 24 letters, digits, - or _ (it is part of the address the provider calls)',
      )
      .optional(),
  ),
  SMS_REPLY_NUMBER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{5,15}$/, 'must be the number people send replies to, digits only')
      .optional(),
  ),
  SMS_REPLY_KEYWORD: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9]{2,15}$/i, 'must be your keyword: 2 to 15 letters or digits')
      .optional(),
  ),
  TILE_URL: z.preprocess(
    emptyAsUndefined,
    z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  TILE_ATTRIBUTION: z.preprocess(emptyAsUndefined, z.string().default(OSM_ATTRIBUTION)),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | undefined;
  /**
   * Which proxies' X-Forwarded-For to believe (Express's `trust proxy`): false for none, a hop
   * count, or the proxies' addresses / CIDR ranges. Never "all": the left-most address of the
   * header is whatever the client typed.
   */
  trustProxy: false | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
  clientDist: string;
  map: { tileUrl: string; attribution: string };
  /** Pusher Channels for live events; SSE without it. */
  pusher: { appId: string; key: string; secret: string; cluster: string; apiUrl: string } | null;
  /**
   * WhatsApp through Meta's Cloud API (decision 039), when all four WHATSAPP_* are set: the
   * number messages go from, the token they are sent with, the app secret webhooks are signed
   * with, and the token Meta's subscription check presents. `apiUrl`: the Graph API's base.
   */
  whatsapp: {
    phoneNumberId: string;
    accessToken: string;
    appSecret: string;
    verifyToken: string;
    apiUrl: string;
    /** At most this many sends a minute, all processes together (WHATSAPP_PER_MINUTE). */
    perMinute: number;
  } | null;
  /**
   * SMS through Gupshup's Enterprise API (decision 039), when its account, the DLT sender id and
   * entity, the template ids and the webhook's secret are all set. `replyNumber`: the number
   * (long code) people reply to, with `replyKeyword` in front where the number is shared.
   */
  sms: {
    provider: 'gupshup';
    userId: string;
    password: string;
    apiUrl: string;
    senderId: string;
    entityId: string;
    templateIds: SmsTemplateIds;
    webhookSecret: string;
    replyNumber: string | null;
    replyKeyword: string | null;
    /** At most this many sends a minute, all processes together (SMS_PER_MINUTE). */
    perMinute: number;
  } | null;
  /** Google Places for place search (server side); the gazetteer without it. */
  googlePlaces: { apiKey: string; placesUrl: string; geocodeUrl: string } | null;
  /** OSRM server for road routes; straight lines without it. */
  osrmUrl: string | null;
  /** The address people use; redirect URIs and the origin check are built from it. */
  origin: string;
  /** The privacy notice's operator part and the retention periods, in days (decision 043). */
  privacy: {
    operator: string;
    address: string | null;
    grievance: { email: string | null; phone: string | null; days: number };
    retention: {
      contactAfterFinished: number;
      dormantAccount: number;
      dormantWarning: number;
      contactMessages: number;
      auditEntries: number;
      backups: number;
    };
  };
  signIn:
    | { kind: 'dev' }
    | { kind: 'oidc'; issuer: string; clientId: string; clientSecret: string | undefined };
  sessionTtlMs: number;
  /** Whether the client's .map files are served (not in production unless SERVE_SOURCE_MAPS=1). */
  serveSourceMaps: boolean;
  /** Contact messages are also mailed when both are set. */
  contactMail: { smtpUrl: string; to: string; from: string } | null;
  /** Notification e-mails go out when SMTP_URL is set. */
  notificationMail: { smtpUrl: string; from: string } | null;
  /**
   * Web Push: the VAPID keys from the environment (null: generated at first start and
   * kept in the database), the subject push services may contact, and origins allowed besides the
   * known push services (PUSH_EXTRA_ORIGINS, for tests).
   */
  push: {
    keys: { publicKey: string; privateKey: string } | null;
    subject: string;
    extraOrigins: string[];
  };
  /**
   * Who runs the console: the e-mails in COORDINATOR_EMAILS, lower case. While the
   * development sign-in is on and the variable is unset, the demo coordinator.
   */
  coordinatorEmails: ReadonlySet<string>;
  /** How long GET /api/impact keeps its figures (IMPACT_CACHE_SECONDS, 60 by default), in ms. */
  impactCacheMs: number;
  /**
   * How often the embedded database is vacuumed and analysed (UPKEEP_HOURS, 24 by default; 0:
   * never), in ms; the first run comes ten minutes after start. PostgreSQL's autovacuum does
   * it on a server.
   */
  upkeepMs: number;
  /**
   * The bearer token GET /metrics asks for (METRICS_TOKEN); null: no metrics on the app's port
   * (404), so nothing about the service is public by default.
   */
  metricsToken: string | null;
  /**
   * How long an offer waits for its distributor (OFFER_MINUTES), in ms; how a big donation may be
   * split: parts of at least SPLIT_MIN_MEALS, at most SPLIT_MAX_PARTS of them; whether ranking
   * counts each distributor's record (DISPATCH_POLICY: reliable, the default, or nearest).
   */
  matching: { offerMs: number; splitMinMeals: number; splitMaxParts: number; byRecord: boolean };
  /** How often deadlines (offer lapse, half-window warning, expiry) are looked for, in ms. */
  deadlineSweepMs: number;
  /** How long before its food is ready each day of a standing donation is listed (ms). */
  standingLeadMs: number;
  /**
   * SIM_CLOCK: the city-day simulation (`npm run simulate`) moves the clock: time stands still
   * until a coordinator moves it on (POST /api/sim/clock), and deadlines are swept then, not on a
   * timer. Only on the embedded database (whose clock is this process's) and never in production.
   */
  simClock: boolean;
  /** LIVE_STREAMS_MAX: live streams one process may hold (unset: from its open-file limit). */
  liveStreamsMax: number | null;
  /** Scales every rate limit (tests raise it; 1 in normal use). */
  rateLimitMultiplier: number;
  /** Prefix of rate-limit buckets: '' in real use (all processes share); tests set their own. */
  rateLimitScope: string;
};

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** The widest range TRUST_PROXY accepts: a /8 (10.0.0.0/8, fd00::/8). */
const MIN_PROXY_PREFIX = 8;

/** Every IPv4 address, as IPv6 writes it (::ffff:a.b.c.d). */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * True when an IPv6 range holds IPv4 addresses (as ::ffff:a.b.c.d) from more than one /8: a range
 * of 96 bits or fewer that reaches into that space holds all of them, a longer one inside it
 * holds a /(bits - 96) of IPv4.
 */
function spansIpv4(address: string, bits: number): boolean {
  if (bits <= 96) {
    const range = new BlockList();
    range.addSubnet(address, bits, 'ipv6');
    return range.check('::ffff:1.2.3.4', 'ipv6');
  }
  return IPV4_MAPPED.check(address, 'ipv6') && bits - 96 < MIN_PROXY_PREFIX;
}

/** TRUST_PROXY: unset or 0 = none; 1-9 = that many proxies in front; else addresses / CIDRs. */
function parseTrustProxy(value: string | undefined): false | number | string[] | Error {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false' || text === 'no') return false;
  if (/^[1-9]$/.test(text)) return Number(text);
  const items = text.split(',').map((item) => item.trim());
  const bad = items.find((item) => {
    if (PROXY_PRESETS.has(item)) return false;
    const [address = '', bits, ...rest] = item.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    const max = family === 4 ? 32 : 128;
    // A range wider than a /8 is no proxy: 0.0.0.0/1,128.0.0.0/1 would be "all" by the back door.
    if (!/^\d{1,3}$/.test(bits) || Number(bits) > max || Number(bits) < MIN_PROXY_PREFIX)
      return true;
    // Nor is an IPv6 range that holds IPv4 addresses as ::ffff:a.b.c.d from more than one /8:
    // IPv4 clients are matched against it in that form (::ffff:0.0.0.0/96 is every IPv4 client).
    return family === 6 && spansIpv4(address, Number(bits));
  });
  if (bad !== undefined) {
    return new Error(
      `"${bad}" is not a proxy count or address: give the number of proxies in front (e.g. 1), or their addresses / CIDR ranges (at most a /${MIN_PROXY_PREFIX}) separated by commas (e.g. 10.0.0.0/8,loopback)`,
    );
  }
  return items;
}

/** Raised when the environment is wrong; its message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from an environment object (normally process.env).
 * Throws ConfigError naming each variable that has a wrong value.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    problems.push('  OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  }
  if (!e.OIDC_ISSUER && e.NODE_ENV === 'production' && !e.ALLOW_DEV_IDP) {
    problems.push(
      '  OIDC_ISSUER: required in production; the development sign-in lets anyone sign in as anyone (set ALLOW_DEV_IDP=1 to use it anyway, e.g. for a demo)',
    );
  }
  const whatsappVars = [
    e.WHATSAPP_PHONE_NUMBER_ID,
    e.WHATSAPP_ACCESS_TOKEN,
    e.WHATSAPP_APP_SECRET,
    e.WHATSAPP_VERIFY_TOKEN,
  ];
  if (whatsappVars.some(Boolean) && !whatsappVars.every(Boolean)) {
    problems.push(
      '  WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: set all four to send WhatsApp messages, or none',
    );
  }
  const smsVars = {
    GUPSHUP_USERID: e.GUPSHUP_USERID,
    GUPSHUP_PASSWORD: e.GUPSHUP_PASSWORD,
    SMS_SENDER_ID: e.SMS_SENDER_ID,
    SMS_DLT_ENTITY_ID: e.SMS_DLT_ENTITY_ID,
    SMS_DLT_TEMPLATES: e.SMS_DLT_TEMPLATES,
    SMS_WEBHOOK_SECRET: e.SMS_WEBHOOK_SECRET,
  };
  const isSmsSet = Object.values(smsVars).every(Boolean);
  if (Object.values(smsVars).some(Boolean) && !isSmsSet) {
    problems.push(
      `  ${Object.keys(smsVars).join(', ')}: set all six to send SMS, or none (missing: ${Object.entries(
        smsVars,
      )
        .filter(([, value]) => !value)
        .map(([name]) => name)
        .join(', ')})`,
    );
  }
  if (!Object.values(smsVars).some(Boolean) && (e.SMS_REPLY_NUMBER || e.GUPSHUP_API_URL)) {
    problems.push(
      `  ${e.SMS_REPLY_NUMBER ? 'SMS_REPLY_NUMBER' : 'GUPSHUP_API_URL'}: set only with ${Object.keys(smsVars).join(', ')} (without them no SMS is sent)`,
    );
  }
  if (e.SMS_REPLY_KEYWORD && !e.SMS_REPLY_NUMBER) {
    problems.push(
      '  SMS_REPLY_KEYWORD: set SMS_REPLY_NUMBER too (the number the keyword is sent to)',
    );
  }
  const smsTemplateIds =
    isSmsSet && e.SMS_DLT_TEMPLATES
      ? readSmsTemplateIds(e.SMS_DLT_TEMPLATES, { replies: Boolean(e.SMS_REPLY_NUMBER) })
      : null;
  if (typeof smsTemplateIds === 'string') {
    problems.push(`  SMS_DLT_TEMPLATES: ${e.SMS_DLT_TEMPLATES} ${smsTemplateIds}`);
  }
  const pusherVars = [e.PUSHER_APP_ID, e.PUSHER_KEY, e.PUSHER_SECRET, e.PUSHER_CLUSTER];
  if (pusherVars.some(Boolean) && !pusherVars.every(Boolean)) {
    problems.push(
      '  PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET, PUSHER_CLUSTER: set all four to use Pusher, or none',
    );
  }
  if (e.CONTACT_TO && !e.SMTP_URL) {
    problems.push('  CONTACT_TO: needs SMTP_URL (the server that sends the contact messages)');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push(
      '  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither (keys are then generated and kept in the database)',
    );
  } else if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    try {
      vapidSigningKey({ publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY });
    } catch (error) {
      problems.push(`  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: ${(error as Error).message}`);
    }
  }
  const extraOrigins = (e.PUSH_EXTRA_ORIGINS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of extraOrigins) {
    if (!URL.canParse(item) || new URL(item).origin !== item.replace(/\/$/, ''))
      problems.push(`  PUSH_EXTRA_ORIGINS: "${item}" is not an origin (scheme://host[:port])`);
  }
  const coordinatorEmails = (e.COORDINATOR_EMAILS ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  for (const item of coordinatorEmails) {
    if (!z.email().safeParse(item).success)
      problems.push(`  COORDINATOR_EMAILS: "${item}" is not an e-mail address`);
  }
  if (e.DORMANT_WARNING_DAYS >= e.DORMANT_DAYS) {
    problems.push(
      `  DORMANT_WARNING_DAYS: ${e.DORMANT_WARNING_DAYS} must be fewer than DORMANT_DAYS (${e.DORMANT_DAYS})`,
    );
  }
  if (e.SIM_CLOCK && e.NODE_ENV === 'production') {
    problems.push('  SIM_CLOCK: the simulation clock is for simulations; production refuses it');
  }
  if (e.SIM_CLOCK && e.DATABASE_URL) {
    problems.push(
      '  SIM_CLOCK: needs the embedded database (no DATABASE_URL): a PostgreSQL server keeps its own clock',
    );
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy instanceof Error) problems.push(`  TRUST_PROXY: ${trustProxy.message}`);
  if (problems.length || trustProxy instanceof Error)
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const publicUrl = e.PUBLIC_URL?.replace(/\/$/, '');
  const mailFrom =
    e.MAIL_FROM ??
    e.CONTACT_FROM ??
    `AlmQuest <no-reply@${new URL(publicUrl ?? 'http://localhost').hostname}>`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(repoRoot, e.DATA_DIR) },
    clientDist: e.CLIENT_DIST ? path.resolve(e.CLIENT_DIST) : path.join(repoRoot, 'client', 'dist'),
    map: { tileUrl: e.TILE_URL, attribution: e.TILE_ATTRIBUTION },
    osrmUrl: e.OSRM_URL?.replace(/\/$/, '') ?? null,
    googlePlaces: e.GOOGLE_MAPS_API_KEY
      ? {
          apiKey: e.GOOGLE_MAPS_API_KEY,
          placesUrl: (e.GOOGLE_PLACES_API_URL ?? 'https://places.googleapis.com').replace(
            /\/$/,
            '',
          ),
          geocodeUrl: (e.GOOGLE_GEOCODE_API_URL ?? 'https://maps.googleapis.com').replace(
            /\/$/,
            '',
          ),
        }
      : null,
    whatsapp:
      e.WHATSAPP_PHONE_NUMBER_ID &&
      e.WHATSAPP_ACCESS_TOKEN &&
      e.WHATSAPP_APP_SECRET &&
      e.WHATSAPP_VERIFY_TOKEN
        ? {
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: e.WHATSAPP_ACCESS_TOKEN,
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
            apiUrl: (e.WHATSAPP_API_URL ?? 'https://graph.facebook.com/v23.0').replace(/\/$/, ''),
            perMinute: e.WHATSAPP_PER_MINUTE,
          }
        : null,
    sms:
      smsTemplateIds && typeof smsTemplateIds !== 'string'
        ? {
            provider: 'gupshup',
            userId: e.GUPSHUP_USERID!,
            password: e.GUPSHUP_PASSWORD!,
            apiUrl: (
              e.GUPSHUP_API_URL ?? 'https://enterprise.smsgupshup.com/GatewayAPI/rest'
            ).replace(/\/$/, ''),
            senderId: e.SMS_SENDER_ID!,
            entityId: e.SMS_DLT_ENTITY_ID!,
            templateIds: smsTemplateIds,
            webhookSecret: e.SMS_WEBHOOK_SECRET!,
            replyNumber: e.SMS_REPLY_NUMBER ?? null,
            replyKeyword: e.SMS_REPLY_KEYWORD?.toUpperCase() ?? null,
            perMinute: e.SMS_PER_MINUTE,
          }
        : null,
    pusher:
      e.PUSHER_APP_ID && e.PUSHER_KEY && e.PUSHER_SECRET && e.PUSHER_CLUSTER
        ? {
            appId: e.PUSHER_APP_ID,
            key: e.PUSHER_KEY,
            secret: e.PUSHER_SECRET,
            cluster: e.PUSHER_CLUSTER,
            apiUrl: (e.PUSHER_API_URL ?? `https://api-${e.PUSHER_CLUSTER}.pusher.com`).replace(
              /\/$/,
              '',
            ),
          }
        : null,
    origin: publicUrl ? new URL(publicUrl).origin : `http://localhost:${e.PORT}`,
    signIn: e.OIDC_ISSUER
      ? {
          kind: 'oidc',
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID ?? '',
          clientSecret: e.OIDC_CLIENT_SECRET,
        }
      : { kind: 'dev' },
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    serveSourceMaps:
      e.SERVE_SOURCE_MAPS === undefined
        ? e.NODE_ENV !== 'production'
        : ['1', 'true', 'yes'].includes(e.SERVE_SOURCE_MAPS),
    coordinatorEmails: new Set(
      e.COORDINATOR_EMAILS === undefined && !e.OIDC_ISSUER
        ? [DEMO_COORDINATOR_EMAIL]
        : coordinatorEmails,
    ),
    impactCacheMs: Math.round(e.IMPACT_CACHE_SECONDS * 1000),
    metricsToken: e.METRICS_TOKEN ?? null,
    upkeepMs: Math.round(e.UPKEEP_HOURS * 3_600_000),
    matching: {
      offerMs: Math.round(e.OFFER_MINUTES * 60_000),
      splitMinMeals: e.SPLIT_MIN_MEALS,
      splitMaxParts: e.SPLIT_MAX_PARTS,
      byRecord: e.DISPATCH_POLICY === 'reliable',
    },
    deadlineSweepMs: Math.round(e.DEADLINE_SWEEP_SECONDS * 1000),
    standingLeadMs: Math.round(e.STANDING_LEAD_MINUTES * 60_000),
    privacy: {
      operator: e.PRIVACY_OPERATOR ?? 'The AlmQuest team',
      address: e.PRIVACY_ADDRESS ?? null,
      grievance: {
        email: e.GRIEVANCE_EMAIL ?? e.CONTACT_TO ?? null,
        phone: e.GRIEVANCE_PHONE ?? null,
        days: e.GRIEVANCE_DAYS,
      },
      retention: {
        contactAfterFinished: e.CONTACT_RETENTION_DAYS,
        dormantAccount: e.DORMANT_DAYS,
        dormantWarning: e.DORMANT_WARNING_DAYS,
        contactMessages: e.CONTACT_MESSAGES_DAYS,
        auditEntries: e.AUDIT_DAYS,
        backups: e.BACKUP_DAYS,
      },
    },
    simClock: e.SIM_CLOCK,
    liveStreamsMax: e.LIVE_STREAMS_MAX ?? null,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    rateLimitScope: '',
    contactMail:
      e.SMTP_URL && e.CONTACT_TO
        ? {
            smtpUrl: e.SMTP_URL,
            to: e.CONTACT_TO,
            from: e.CONTACT_FROM ?? mailFrom,
          }
        : null,
    notificationMail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: mailFrom } : null,
    push: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject:
        e.VAPID_SUBJECT ??
        (publicUrl?.startsWith('https://')
          ? new URL(publicUrl).origin
          : 'mailto:no-reply@almquest.invalid'),
      extraOrigins: extraOrigins.map((item) => new URL(item).origin),
    },
  };
}

/** What an operator must hear at start-up: settings that are allowed but dangerous. */
export function startupWarnings(
  config: Config,
  nodeVersion: string = process.versions.node,
): string[] {
  const warnings: string[] = [];
  const nodeMajor = Number(nodeVersion.split('.')[0]);
  if (config.env === 'production' && nodeMajor < 22) {
    warnings.push(
      `Node.js ${nodeVersion} is past its end of life: run production on Node.js 24 (the current LTS), as the Docker image does.`,
    );
  }
  if (config.env === 'production' && config.signIn.kind === 'dev') {
    const line = '!'.repeat(78);
    warnings.push(
      [
        line,
        'WARNING: the DEVELOPMENT SIGN-IN is on in production (ALLOW_DEV_IDP=1).',
        'Anyone who can reach this server can sign in as ANY e-mail address, with no password.',
        'Use it for a private demo only. For real use set OIDC_ISSUER, OIDC_CLIENT_ID and',
        'OIDC_CLIENT_SECRET (e.g. Google) and remove ALLOW_DEV_IDP.',
        line,
      ].join('\n'),
    );
  }
  if (config.env === 'production' && config.privacy.grievance.email === null) {
    warnings.push(
      'No grievance contact: set GRIEVANCE_EMAIL (and PRIVACY_OPERATOR, PRIVACY_ADDRESS) so the privacy notice names whom people write to about their data (DPDP Rules 9 and 14).',
    );
  }
  const listensEverywhere = ['0.0.0.0', '::', ''].includes(config.host);
  if (config.trustProxy !== false && listensEverywhere) {
    warnings.push(
      `TRUST_PROXY is set and the server listens on every address (HOST=${config.host || '0.0.0.0'}): anyone who reaches its port directly, not through the proxy, can claim any client address and escape the per-address rate limits. Set HOST=127.0.0.1 when the proxy runs on this machine, or let only the proxy reach the port (a firewall, a private network).`,
    );
  }
  return warnings;
}
