import { clockTime } from '@almquest/contracts/clock';
import type { Locale } from '@almquest/contracts/locales';
import type { NotificationKind } from '@almquest/contracts/notifications';
import { formatPhone } from '@almquest/contracts/phone';
import { mealsIn, TEXTS } from '../notifications/texts';
import { offerButtonPayload } from './offer-buttons';

/**
 * The templates the server sends, with their variables in order: the same names and order as
 * ops/messaging/whatsapp-templates.json, which a test holds them to.
 */
export const WHATSAPP_TEMPLATE_VARIABLES = {
  almquest_code: ['code'],
  almquest_offer: ['meals', 'place', 'answerBy', 'link'],
  almquest_paired_donor: ['meals', 'name', 'phone', 'code', 'link'],
  almquest_paired_distributor: ['meals', 'name', 'phone', 'place', 'link'],
  almquest_update: ['what', 'package', 'link'],
} as const;
export type WhatsappTemplate = keyof typeof WHATSAPP_TEMPLATE_VARIABLES;

/** What one notification needs to become a WhatsApp message. */
export type WhatsappNotification = {
  /** The notification's own id (an SMS offer's reply code is bound to it). */
  notificationId: number;
  kind: NotificationKind;
  userId: string;
  locale: Locale;
  packageId: string | null;
  quantity: number | null;
  /** The place the notification names (for an offer, its area only). */
  address: string | null;
  /** The page it links to (as push and e-mail link). */
  link: string;
  /** Open to this person until then, for an offer still open. */
  offerEndsAt: Date | null;
  /** The package as it is now, for the pairing messages. */
  pair: PackagePair & { state: string | null };
  /** Whom the notification named on the other side when it was made. */
  counterpartName?: string | null;
};

/** Who the two sides of a package are now, as a pairing message names them. */
export type PackagePair = {
  distributorId: string | null;
  distributorName: string | null;
  distributorPhone: string | null;
  donorName: string | null;
  donorPhone: string | null;
  meetAddress: string | null;
  handoverCode: string | null;
};

export type WhatsappMessage = {
  template: WhatsappTemplate;
  variables: string[];
  /** Quick-reply payloads, in the template's button order. */
  buttons?: string[];
};

/**
 * Meta refuses a variable with a line break, a tab or more than four spaces in a row: each
 * variable is one line of at most a few hundred characters.
 */
const oneLine = (text: string, max = 300) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat || '-';
};

/**
 * Whether the pairing a pairing message announces is over: the package moved on, or (for the
 * donor) it ended and another was made since, whose own message tells of it.
 */
export function isPairingOver(n: WhatsappNotification): boolean {
  const p = n.pair;
  if (p.state !== 'Paired') return true;
  if (n.kind === 'pairedDistributor') {
    return p.distributorId !== n.userId || !p.donorName || !p.donorPhone;
  }
  return (
    !p.distributorName ||
    !p.distributorPhone ||
    !p.handoverCode ||
    (typeof n.counterpartName === 'string' && n.counterpartName !== p.distributorName)
  );
}

/**
 * The template and variables of one notification in its reader's language, or why it is not
 * worth sending: the pairing it announces is over, or an offer has ended.
 */
export function whatsappMessageOf(
  n: WhatsappNotification,
  appSecret: string,
): WhatsappMessage | { skip: string } {
  const { kinds } = TEXTS[n.locale];
  const meals = n.quantity === null ? '-' : mealsIn(n.locale, n.quantity);
  const { link } = n;
  const p = n.pair;
  switch (n.kind) {
    case 'offered': {
      if (!n.offerEndsAt || !n.packageId) return { skip: 'the offer ended before it was sent' };
      return {
        template: 'almquest_offer',
        variables: [
          meals,
          oneLine(n.address ?? '-'),
          clockTime(n.locale, n.offerEndsAt, 'Asia/Kolkata'),
          link,
        ],
        buttons: (['accept', 'decline'] as const).map((action) =>
          offerButtonPayload(appSecret, action, n.packageId!, n.userId, n.offerEndsAt!),
        ),
      };
    }
    case 'pairedDonor':
      if (isPairingOver(n)) return { skip: 'the pairing ended before it was sent' };
      return {
        template: 'almquest_paired_donor',
        variables: [
          meals,
          oneLine(p.distributorName!),
          formatPhone(p.distributorPhone!),
          p.handoverCode!,
          link,
        ],
      };
    case 'pairedDistributor':
      if (isPairingOver(n)) return { skip: 'the pairing ended before it was sent' };
      return {
        template: 'almquest_paired_distributor',
        variables: [
          meals,
          oneLine(p.donorName!),
          formatPhone(p.donorPhone!),
          oneLine(p.meetAddress ?? n.address ?? '-'),
          link,
        ],
      };
    default:
      return {
        template: 'almquest_update',
        variables: [
          oneLine(kinds[n.kind]),
          n.address === null ? meals : oneLine(`${meals} · ${n.address}`),
          link,
        ],
      };
  }
}
