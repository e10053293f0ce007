import { clockTime } from '@almquest/contracts/clock';
import type { Locale } from '@almquest/contracts/locales';
import type { NotificationKind } from '@almquest/contracts/notifications';
import { formatPhone } from '@almquest/contracts/phone';
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

/** The kinds an update SMS tells of: all but offers and pairings, which have their own. */
type UpdateKind = Exclude<NotificationKind, 'offered' | 'pairedDonor' | 'pairedDistributor'>;

/**
 * A package's news in a few words, at most DLT's 30 characters, for the update SMS: the
 * notification's own sentence does not fit a variable.
 */
export const SMS_NEWS: Record<Locale, Record<UpdateKind, string>> = {
  en: {
    notPaired: 'no distributor is free yet',
    received: 'received by the distributor',
    distributed: 'distributed, thank you',
    offerLapsed: 'offered to someone else',
    released: 'the distributor cannot come',
    cancelled: 'cancelled by the donor',
    expiredDonor: 'expired, nobody picked it up',
    expiredDistributor: 'expired, nobody picked it up',
    stillWaiting: 'still waiting for pickup',
    cancelledByCoordinator: 'cancelled by a coordinator',
    takenOver: 'moved to another distributor',
    splitDonor: 'split among distributors',
    atRisk: 'at risk: nobody accepted it',
    onWay: 'the distributor is on the way',
    reclaimed: 'given to someone else',
    reclaimedDonor: 'no word from the distributor',
  },
  hi: {
    notPaired: 'अभी कोई वितरक खाली नहीं',
    received: 'वितरक को मिल गया',
    distributed: 'बाँट दिया गया, धन्यवाद',
    offerLapsed: 'किसी और को पेशकश की गई',
    released: 'वितरक नहीं आ पाएँगे',
    cancelled: 'दाता ने रद्द कर दिया',
    expiredDonor: 'समय निकल गया, कोई नहीं आया',
    expiredDistributor: 'समय निकल गया, कोई नहीं आया',
    stillWaiting: 'अब भी वितरक का इंतज़ार',
    cancelledByCoordinator: 'समन्वयक ने रद्द कर दिया',
    takenOver: 'दूसरे वितरक को दिया गया',
    splitDonor: 'कई वितरकों में बाँटा गया',
    atRisk: 'ख़तरे में: किसी ने नहीं लिया',
    onWay: 'वितरक निकल चुके हैं',
    reclaimed: 'किसी और को दिया गया',
    reclaimedDonor: 'वितरक ने नहीं बताया',
  },
  bn: {
    notPaired: 'এখনও কোনো বিতরণকারী নেই',
    received: 'বিতরণকারী গ্রহণ করেছেন',
    distributed: 'বিতরণ হয়েছে, ধন্যবাদ',
    offerLapsed: 'অন্য কাউকে দেওয়া হয়েছে',
    released: 'বিতরণকারী আসতে পারবেন না',
    cancelled: 'দাতা বাতিল করেছেন',
    expiredDonor: 'সময় শেষ, কেউ নিতে আসেননি',
    expiredDistributor: 'সময় শেষ, কেউ নিতে আসেননি',
    stillWaiting: 'এখনও বিতরণকারীর অপেক্ষায়',
    cancelledByCoordinator: 'সমন্বয়কারী বাতিল করেছেন',
    takenOver: 'অন্য বিতরণকারীকে দেওয়া হয়েছে',
    splitDonor: 'কয়েকজনের মধ্যে ভাগ হয়েছে',
    atRisk: 'ঝুঁকিতে: কেউ এখনও নেননি',
    onWay: 'বিতরণকারী রওনা হয়েছেন',
    reclaimed: 'অন্য কাউকে দেওয়া হয়েছে',
    reclaimedDonor: 'বিতরণকারী জানাননি',
  },
};

/**
 * The template and values of one notification as an SMS in its reader's language, or why it is
 * not worth sending (as for WhatsApp: a pairing that is over, an offer that ended).
 */
export function smsMessageOf(
  n: WhatsappNotification,
  sms: SmsConfig,
): SmsMessage | { skip: string } {
  if (!n.packageId) return { skip: 'no package to link to' };
  // A coordinator's alert opens the console, which an SMS link does not reach (queued for push
  // and e-mail only; this is the guard).
  if (n.kind === 'atRisk') return { skip: 'no package to link to' };
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
          // Where to meet: a donor on a basic phone cannot open the link to see it.
          p.meetAddress ?? n.address ?? '-',
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
      return {
        template: 'almquest_sms_update',
        values: [meals, n.address ?? '-', SMS_NEWS[n.locale][n.kind], link],
      };
  }
}
