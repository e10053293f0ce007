import type { AppDb } from '../db/client';
import type { Config } from '../config';
import { words } from '../errors';
import { personOrAddressKey, rateLimit, type RateLimitOptions } from './rate-limit';

/**
 * Every limit the API keeps, in one place: how many requests in what window (ten minutes unless
 * said), whom it counts (a signed-in person as themselves where `key` says so, otherwise the
 * client address) and what it says once reached, in English and by its words for a reader of
 * another language. RATE_LIMIT_MULTIPLIER scales every `max`.
 */
export const LIMITS = {
  donation: {
    max: 30,
    key: personOrAddressKey,
    message: 'You have donated many packages just now. Please wait a few minutes before the next.',
    said: words('donatedTooMany'),
  },
  widen: {
    max: 20,
    key: personOrAddressKey,
    message: 'You have changed the travel capacity many times just now. Please wait a few minutes.',
    said: words('widenedTooMany'),
  },
  report: {
    max: 20,
    key: personOrAddressKey,
    message: 'You have sent many reports just now. Please wait a few minutes.',
    said: words('reportedTooMany'),
  },
  // Counted per person (it runs after requireSession): a visitor without a session is refused
  // before it counts, so nobody can use up the limit of others behind the same address.
  registration: {
    max: 20,
    key: personOrAddressKey,
    message: 'Too many registration attempts. Please wait a few minutes.',
    said: words('registeredTooMany'),
  },
  'push-subscriptions': {
    max: 30,
    key: personOrAddressKey,
    message:
      'You have changed notification devices many times just now. Please wait a few minutes.',
    said: words('pushDevicesTooMany'),
  },
  // Each code is a paid message to a phone: three an hour per person and channel (decision 039).
  'messaging-codes': {
    max: 3,
    windowMs: 60 * 60_000,
    key: (req) =>
      req.user
        ? { key: `${req.user.id}:${String(req.params['channel'])}` }
        : personOrAddressKey(req),
    message: 'You have asked for several codes just now. Please wait an hour before asking again.',
    said: words('messagingCodesTooMany'),
    // A code the provider could not take (down, or the minute's budget spent) is not counted.
    refundStatuses: [503],
  },
  // And three an hour to any one number, whoever asks: many accounts giving one number (someone
  // else's) cannot flood it, nor take turns guessing codes sent to it.
  'messaging-codes-number': {
    max: 3,
    windowMs: 60 * 60_000,
    key: (req) => ({ key: `phone:${req.user?.phone ?? req.ip}:${String(req.params['channel'])}` }),
    message: 'You have asked for several codes just now. Please wait an hour before asking again.',
    said: words('messagingCodesTooMany'),
    refundStatuses: [503],
  },
  // Guesses at a code: its five tries protect it; this keeps a person from cycling codes fast.
  'messaging-verify': {
    max: 30,
    key: personOrAddressKey,
    message: 'Too many wrong codes. Ask for a new one.',
    said: words('messagingCodeTries'),
  },
  // A calendar app asks for its feed every few minutes to hours: counted per feed address (many
  // subscribers share one address behind a carrier's NAT or Google's fetchers), and, far more
  // loosely, per client address against a flood of made-up ones.
  calendar: {
    max: 120,
    key: (req) => ({ key: `calendar:${String(req.params['file']).slice(0, 60)}` }),
    message: 'Too many calendar requests just now. Please wait a few minutes.',
    said: words('calendarTooMany'),
  },
  // Downloading one's own data is a heavy read: a handful of tries is plenty.
  export: {
    max: 10,
    key: personOrAddressKey,
    message: 'You have downloaded your data many times just now. Please wait a few minutes.',
    said: words('exportTooMany'),
  },
  // Agreeing to the notice is once per version: a few tries is plenty.
  consent: {
    max: 20,
    key: personOrAddressKey,
    message:
      'You have agreed to the privacy notice many times just now. Please wait a few minutes.',
    said: words('consentTooMany'),
  },
  'calendar-address': {
    max: 3000,
    message: 'Too many calendar requests just now. Please wait a few minutes.',
    said: words('calendarTooMany'),
  },
  places: {
    max: 120,
    windowMs: 60_000,
    message: 'Too many place searches just now. Please wait a minute and try again.',
    said: words('placeSearchesTooMany'),
  },
  'sign-in': {
    max: 30,
    windowMs: 60_000,
    message: 'Too many sign-in attempts. Please wait a minute and try again.',
    said: words('signInsTooMany'),
  },
  'unsubscribe-bad-token': {
    max: 30,
    message: 'Too many unsubscribe links that do not work, just now. Please wait a few minutes.',
    said: words('badUnsubscribeLinksTooMany'),
  },
  contact: {
    max: 5,
    message:
      'You have sent several messages just now. Please wait a few minutes before sending another.',
    said: words('messagesTooMany'),
  },
} satisfies Record<string, Omit<RateLimitOptions, 'name'>>;

export type LimitName = keyof typeof LIMITS;

/** The middleware that keeps the limit `name` of LIMITS. */
export function limiter(
  db: AppDb,
  config: Pick<Config, 'rateLimitMultiplier' | 'rateLimitScope'>,
  name: LimitName,
) {
  return rateLimit(db, config, { name, ...LIMITS[name] });
}
