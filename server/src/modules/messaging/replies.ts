import type { Locale } from '@almquest/contracts/locales';
import type { PackageState } from '@almquest/contracts/packages';

/**
 * What AlmQuest answers on WhatsApp to a person's own message (within the 24 hours Meta allows
 * free text in), in the language they read AlmQuest in.
 */
export type WhatsappReplies = {
  stopped: string;
  started: string;
  notVerified: string;
  help: string;
  /** After Accept: the package is theirs, with what the page shows next. */
  accepted: string;
  /** After Accept, when the pairing's own message (with those details) follows. */
  acceptedDetailsFollow: string;
  declined: string;
  /** A press on an offer that lapsed, went to someone else, or was called off. */
  offerEnded: string;
  alreadyAccepted: string;
  /** Any other message: where the person's latest package stands. */
  status: string;
  states: Record<PackageState, string>;
  /** The state line to the distributor a package is offered to. */
  offeredToYou: string;
  /** The state line to the distributor a package is paired with. */
  pairedToYou: string;
};

export const WHATSAPP_REPLIES: Record<Locale, WhatsappReplies> = {
  en: {
    stopped:
      'You will get no more WhatsApp messages from AlmQuest. Send START to get them again, or turn WhatsApp on in your AlmQuest profile.',
    started: 'WhatsApp messages from AlmQuest are on again. Send STOP to stop them.',
    notVerified:
      'This number is not set up for AlmQuest messages. Turn WhatsApp on in your AlmQuest profile first.',
    help: 'AlmQuest sends offers and package updates here. Send STOP to stop them.',
    accepted:
      'The package is yours: {meals}.\nDonor: {name}, phone {phone}\nMeet point: {place}\nAsk the donor for their handover code when you meet.\nPackage: {link}',
    acceptedDetailsFollow:
      'Thank you: the package is yours. The donor, their phone and the meet point come in the next message.',
    declined: 'Thank you for saying so. We will ask someone else.',
    offerEnded: 'This offer has ended, so nothing was changed. Your packages: {link}',
    alreadyAccepted: 'You have already accepted this package. Package: {link}',
    status: 'Your package of {meals} ({place}): {state}.\nSee it here: {link}',
    states: {
      'Not Paired': 'waiting for a distributor',
      Offered: 'offered to a distributor, waiting for an answer',
      Paired: 'paired; the distributor is coming to the meet point',
      Received: 'the distributor has received it',
      Distributed: 'distributed',
      Cancelled: 'cancelled',
      Expired: 'expired; nobody picked it up in time',
    },
    pairedToYou: 'paired with you; meet the donor at the meet point',
    offeredToYou: 'offered to you; answer with its buttons or on its page',
  },
  hi: {
    stopped:
      'अब आपको AlmQuest से WhatsApp संदेश नहीं मिलेंगे। फिर से पाने के लिए START भेजें, या अपनी AlmQuest प्रोफ़ाइल में WhatsApp चालू करें।',
    started: 'AlmQuest के WhatsApp संदेश फिर से चालू हो गए हैं। रोकने के लिए STOP भेजें।',
    notVerified:
      'यह नंबर AlmQuest संदेशों के लिए चालू नहीं है। पहले अपनी AlmQuest प्रोफ़ाइल में WhatsApp चालू करें।',
    help: 'AlmQuest यहाँ पेशकश और पैकेट की ख़बरें भेजता है। रोकने के लिए STOP भेजें।',
    accepted:
      'पैकेट आपका है: {meals}।\nदाता: {name}, फ़ोन {phone}\nमिलने की जगह: {place}\nमिलने पर दाता से सौंपने का कोड पूछें।\nपैकेट: {link}',
    acceptedDetailsFollow: 'धन्यवाद: पैकेट आपका है। दाता, उनका फ़ोन और मिलने की जगह अगले संदेश में आ रहे हैं।',
    declined: 'बताने के लिए धन्यवाद। हम किसी और से पूछेंगे।',
    offerEnded: 'यह पेशकश ख़त्म हो चुकी है, इसलिए कुछ नहीं बदला गया। आपके पैकेट: {link}',
    alreadyAccepted: 'आप यह पैकेट पहले ही स्वीकार कर चुके हैं। पैकेट: {link}',
    status: 'आपका पैकेट, {meals} ({place}): {state}।\nयहाँ देखें: {link}',
    states: {
      'Not Paired': 'वितरक का इंतज़ार है',
      Offered: 'एक वितरक को पेशकश की गई है, जवाब का इंतज़ार है',
      Paired: 'जोड़ी बन गई है; वितरक मिलने की जगह पर आ रहे हैं',
      Received: 'वितरक को पैकेट मिल गया है',
      Distributed: 'बाँट दिया गया है',
      Cancelled: 'रद्द कर दिया गया है',
      Expired: 'समय निकल गया; समय पर कोई लेने नहीं आया',
    },
    pairedToYou: 'आपके साथ जोड़ी बनी है; दाता से मिलने की जगह पर मिलें',
    offeredToYou: 'आपको पेशकश की गई है; बटन दबाकर या पैकेट के पेज पर जवाब दें',
  },
  bn: {
    stopped:
      'AlmQuest থেকে আর WhatsApp বার্তা আসবে না। আবার পেতে START পাঠান, বা আপনার AlmQuest প্রোফাইলে WhatsApp চালু করুন।',
    started: 'AlmQuest-এর WhatsApp বার্তা আবার চালু হয়েছে। বন্ধ করতে STOP পাঠান।',
    notVerified:
      'এই নম্বরটি AlmQuest-এর বার্তার জন্য চালু নেই। আগে আপনার AlmQuest প্রোফাইলে WhatsApp চালু করুন।',
    help: 'AlmQuest এখানে প্রস্তাব আর প্যাকেটের খবর পাঠায়। বন্ধ করতে STOP পাঠান।',
    accepted:
      'প্যাকেটটি আপনার: {meals}।\nদাতা: {name}, ফোন {phone}\nদেখা করার জায়গা: {place}\nদেখা হলে দাতার কাছে হস্তান্তরের কোড চেয়ে নিন।\nপ্যাকেট: {link}',
    acceptedDetailsFollow:
      'ধন্যবাদ: প্যাকেটটি আপনার। দাতা, তাঁর ফোন আর দেখা করার জায়গা পরের বার্তায় আসছে।',
    declined: 'জানানোর জন্য ধন্যবাদ। আমরা অন্য কাউকে জিজ্ঞেস করব।',
    offerEnded: 'এই প্রস্তাবটি শেষ হয়ে গেছে, তাই কিছুই বদলানো হয়নি। আপনার প্যাকেট: {link}',
    alreadyAccepted: 'আপনি আগেই এই প্যাকেটটি নিতে রাজি হয়েছেন। প্যাকেট: {link}',
    status: 'আপনার প্যাকেট, {meals} ({place}): {state}।\nএখানে দেখুন: {link}',
    states: {
      'Not Paired': 'বিতরণকারীর অপেক্ষায় আছে',
      Offered: 'একজন বিতরণকারীকে প্রস্তাব দেওয়া হয়েছে, উত্তরের অপেক্ষায় আছে',
      Paired: 'জুটি হয়েছে; বিতরণকারী দেখা করার জায়গায় আসছেন',
      Received: 'বিতরণকারী প্যাকেটটি গ্রহণ করেছেন',
      Distributed: 'বিতরণ করা হয়েছে',
      Cancelled: 'বাতিল করা হয়েছে',
      Expired: 'সময় পেরিয়ে গেছে; সময়মতো কেউ নিতে আসেননি',
    },
    pairedToYou: 'আপনার সঙ্গে জুটি হয়েছে; দেখা করার জায়গায় দাতার সঙ্গে দেখা করুন',
    offeredToYou: 'আপনাকে প্রস্তাব দেওয়া হয়েছে; বোতাম টিপে বা প্যাকেটের পাতায় উত্তর দিন',
  },
};

/** Words that stop or restart a channel, in any letter case: ours in Hindi and Bengali too. */
const STOP_WORDS = new Set([
  'stop',
  'stopall',
  'unsubscribe',
  'cancel',
  'end',
  'quit',
  'रोकें',
  'बंद',
  'বন্ধ',
]);
const START_WORDS = new Set(['start', 'unstop', 'शुरू', 'চালু']);

/** What a person's text asks for: stop, start, or nothing we act on. */
export function intentOf(text: string): 'stop' | 'start' | null {
  // One word, perhaps with a full stop or "!" after it; anything long is a sentence, not a keyword.
  if (text.length > 30) return null;
  let word = text.normalize('NFC').trim().toLowerCase();
  while (/[.!।]$/u.test(word)) word = word.slice(0, -1);
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}
