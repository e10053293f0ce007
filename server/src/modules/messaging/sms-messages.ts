import { clockTime } from '@almquest/contracts/clock';
import { formatPhone } from '@almquest/contracts/users';
import { mealsIn } from '../notifications/texts';
import { offerReplyCode } from './offer-buttons';
import type { SmsConfig } from './sms-client';
import type { SmsTemplate } from '../../lib/sms-templates';
import { isPairingOver, type WhatsappNotification } from './whatsapp-messages';

/**
 * A package's code in an SMS link (`<origin>/s?<code>`, the dynamic URL DLT whitelists): its id
 * in base64url, 22 characters, inside DLT's 30 for a variable.
 */
export const packageLinkCode = (packageId: string) =>
  Buffer.from(packageId.replaceAll('-', ''), 'hex').toString('base64url');

/** The package id a link code stands for, or null for anything that is not one. */
export function packageOfLinkCode(code: string): string | null {
  if (!/^[\w-]{22}$/.test(code)) return null;
  const hex = Buffer.from(code, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a person sends to answer: "1 K7QX", with the keyword first on a shared number. */
export const replyCommand = (sms: SmsConfig, words: string) =>
  sms.replyKeyword ? `${sms.replyKeyword} ${words}` : words;

export type SmsMessage = { template: SmsTemplate; values: string[] };

/**
 * The template and values of one notification as an SMS in its reader's language, or why it is
 * not worth sending (as for WhatsApp: a pairing that is over, an offer that ended).
 */
export function smsMessageOf(
  n: WhatsappNotification,
  sms: SmsConfig,
): SmsMessage | { skip: string } {
  if (!n.packageId) return { skip: 'no package to link to' };
  const meals = n.quantity === null ? '-' : mealsIn(n.locale, n.quantity);
  const link = packageLinkCode(n.packageId);
  const p = n.pair;
  switch (n.kind) {
    case 'offered': {
      if (!n.offerEndsAt) return { skip: 'the offer ended before it was sent' };
      const answerBy = clockTime(n.locale, n.offerEndsAt, 'Asia/Kolkata');
      const place = n.address ?? '-';
      if (!sms.replyNumber) {
        return { template: 'almquest_sms_offer', values: [meals, place, answerBy, link] };
      }
      const code = offerReplyCode(sms.webhookSecret, n.notificationId, n.userId);
      return {
        template: 'almquest_sms_offer_reply',
        values: [
          meals,
          place,
          answerBy,
          replyCommand(sms, `1 ${code}`),
          sms.replyNumber,
          replyCommand(sms, `2 ${code}`),
          link,
        ],
      };
    }
    case 'pairedDonor':
      if (isPairingOver(n)) return { skip: 'the pairing ended before it was sent' };
      return {
        template: 'almquest_sms_paired_donor',
        values: [
          meals,
          p.distributorName!,
          formatPhone(p.distributorPhone!),
          p.handoverCode!,
          link,
        ],
      };
    case 'pairedDistributor':
      if (isPairingOver(n)) return { skip: 'the pairing ended before it was sent' };
      return {
        template: 'almquest_sms_paired_distributor',
        values: [
          meals,
          p.donorName!,
          formatPhone(p.donorPhone!),
          p.meetAddress ?? n.address ?? '-',
          link,
        ],
      };
    default:
      return { template: 'almquest_sms_update', values: [meals, n.address ?? '-', link] };
  }
}
