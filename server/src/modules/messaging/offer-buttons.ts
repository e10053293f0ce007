import { createHmac } from 'node:crypto';
import { isSameSecret } from '../../lib/same-secret';

/**
 * What an offer's Accept and Decline buttons carry on WhatsApp (decision 039): the action, the
 * package, and the offer's round (its deadline), signed with a key drawn from the app secret and
 * bound to the person it was sent to. Meta hands the payload back verbatim when the button is
 * pressed; anyone who forges or edits one gets nothing, and a press meant for another person or
 * an earlier round of the same package matches no offer.
 */
export type OfferAction = 'accept' | 'decline';

const VERSION = 'o1';
const ACTION_LETTER: Record<OfferAction, string> = { accept: 'a', decline: 'd' };

/** A key for these payloads only, so no other use of the app secret can make one. */
const keyOf = (appSecret: string) =>
  createHmac('sha256', appSecret).update('almquest offer buttons').digest();

function mac(appSecret: string, parts: string[], userId: string): string {
  return createHmac('sha256', keyOf(appSecret))
    .update(`${parts.join('.')}|${userId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The payload of one button: about 70 characters, far inside Meta's limit. */
export function offerButtonPayload(
  appSecret: string,
  action: OfferAction,
  packageId: string,
  userId: string,
  offerEndsAt: Date,
): string {
  const parts = [
    VERSION,
    ACTION_LETTER[action],
    packageId.replaceAll('-', ''),
    offerEndsAt.getTime().toString(36),
  ];
  return `${parts.join('.')}.${mac(appSecret, parts, userId)}`;
}

export type OfferPress = { action: OfferAction; packageId: string; offerEndsAt: Date };

/** A payload's press, when it is one of ours and was signed for this person; null otherwise. */
export function readOfferButton(
  appSecret: string,
  payload: string,
  userId: string,
): OfferPress | null {
  const parts = payload.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, letter, hex, deadline, given] = parts as [string, string, string, string, string];
  const action = letter === 'a' ? 'accept' : letter === 'd' ? 'decline' : null;
  if (!action || !/^[0-9a-f]{32}$/.test(hex) || !/^[0-9a-z]{1,12}$/.test(deadline)) return null;
  if (!isSameSecret(given, mac(appSecret, parts.slice(0, 4), userId))) return null;
  const packageId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { action, packageId, offerEndsAt: new Date(parseInt(deadline, 36)) };
}

/** Whether a payload looks like an offer button's at all (to tell a stale press from a typo). */
export const isOfferButtonPayload = (payload: string) => payload.startsWith(`${VERSION}.`);

/** The letters of an SMS reply code: no 0/O or 1/I to mix up on a small screen. */
const CODE_LETTERS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * An offer's four-letter code in an SMS ("1 K7QX" accepts it): the SMS twin of the buttons'
 * payload, bound to the offer's own notification (one per round) and the person, so a reply to
 * an earlier round, or with another's code, matches no offer open now.
 */
export function offerReplyCode(secret: string, notificationId: number, userId: string): string {
  const digest = createHmac('sha256', keyOf(secret))
    .update(`sms|${notificationId}|${userId}`)
    .digest();
  let code = '';
  for (let i = 0; i < 4; i++) code += CODE_LETTERS[digest[i]! % 32];
  return code;
}
