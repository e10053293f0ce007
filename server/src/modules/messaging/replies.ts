import type { Locale } from '@almquest/contracts/locales';

/**
 * What AlmQuest answers on WhatsApp to a person's own message (within the 24 hours Meta allows
 * free text in), in the language they read AlmQuest in.
 */
export const WHATSAPP_REPLIES: Record<
  Locale,
  { stopped: string; started: string; notVerified: string; help: string }
> = {
  en: {
    stopped:
      'You will get no more WhatsApp messages from AlmQuest. Send START to get them again, or turn WhatsApp on in your AlmQuest profile.',
    started: 'WhatsApp messages from AlmQuest are on again. Send STOP to stop them.',
    notVerified:
      'This number is not set up for AlmQuest messages. Turn WhatsApp on in your AlmQuest profile first.',
    help: 'AlmQuest sends offers and package updates here. Send STOP to stop them.',
  },
  hi: {
    stopped:
      'अब आपको AlmQuest से WhatsApp संदेश नहीं मिलेंगे। फिर से पाने के लिए START भेजें, या अपनी AlmQuest प्रोफ़ाइल में WhatsApp चालू करें।',
    started: 'AlmQuest के WhatsApp संदेश फिर से चालू हो गए हैं। रोकने के लिए STOP भेजें।',
    notVerified:
      'यह नंबर AlmQuest संदेशों के लिए चालू नहीं है। पहले अपनी AlmQuest प्रोफ़ाइल में WhatsApp चालू करें।',
    help: 'AlmQuest यहाँ पेशकश और पैकेट की ख़बरें भेजता है। रोकने के लिए STOP भेजें।',
  },
  bn: {
    stopped:
      'AlmQuest থেকে আর WhatsApp বার্তা আসবে না। আবার পেতে START পাঠান, বা আপনার AlmQuest প্রোফাইলে WhatsApp চালু করুন।',
    started: 'AlmQuest-এর WhatsApp বার্তা আবার চালু হয়েছে। বন্ধ করতে STOP পাঠান।',
    notVerified:
      'এই নম্বরটি AlmQuest-এর বার্তার জন্য চালু নেই। আগে আপনার AlmQuest প্রোফাইলে WhatsApp চালু করুন।',
    help: 'AlmQuest এখানে প্রস্তাব আর প্যাকেটের খবর পাঠায়। বন্ধ করতে STOP পাঠান।',
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
