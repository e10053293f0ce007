import { isLocale, type Locale } from '@almquest/contracts/locales';

/** The development sign-in page's words, in each language the app speaks. */
export const DEV_IDP_TEXTS = {
  en: {
    title: 'Development sign-in',
    note: 'This sign-in is built into AlmQuest for trying it out and for tests. Anyone can sign in with any email here; a real deployment uses Google or another OpenID provider.',
    email: 'Email address',
    name: 'Name',
    optional: '(optional)',
    continue: 'Continue',
    demo: 'Demo accounts',
    demoDonor: 'Sign in as {name} (demo donor)',
    demoDistributor: 'Sign in as {name} (demo distributor)',
    demoCoordinator: 'Sign in as {name} (demo coordinator)',
    cancel: 'Cancel and go back',
    emailRequired: 'Enter an email address',
    emailInvalid: 'Enter a valid email address',
    nameTooLong: 'Name: use at most 100 characters',
  },
  hi: {
    title: 'डेवलपमेंट साइन\u00a0इन',
    note: 'यह साइन\u00a0इन AlmQuest में आज़माने और टेस्ट के लिए बना है। यहाँ कोई भी किसी भी ईमेल से साइन\u00a0इन कर सकता है; असली इस्तेमाल में Google या कोई दूसरा OpenID प्रोवाइडर होता है।',
    email: 'ईमेल पता',
    name: 'नाम',
    optional: '(ज़रूरी नहीं)',
    continue: 'आगे बढ़ें',
    demo: 'डेमो अकाउंट',
    demoDonor: 'डेमो दाता: {name}',
    demoDistributor: 'डेमो वितरक: {name}',
    demoCoordinator: 'डेमो समन्वयक: {name}',
    cancel: 'रद्द करें और वापस जाएँ',
    emailRequired: 'ईमेल पता लिखें',
    emailInvalid: 'सही ईमेल पता लिखें',
    nameTooLong: 'नाम: ज़्यादा से ज़्यादा 100 अक्षर लिखें',
  },
  bn: {
    title: 'ডেভেলপমেন্ট সাইন\u00a0ইন',
    note: 'এই সাইন\u00a0ইন AlmQuest-এ চালিয়ে দেখা আর পরীক্ষার জন্য তৈরি। এখানে যে কেউ যেকোনো ইমেল দিয়ে সাইন\u00a0ইন করতে পারেন; আসল ব্যবহারে Google বা অন্য কোনো OpenID প্রোভাইডার থাকে।',
    email: 'ইমেল ঠিকানা',
    name: 'নাম',
    optional: '(না দিলেও চলবে)',
    continue: 'এগিয়ে যান',
    demo: 'ডেমো অ্যাকাউন্ট',
    demoDonor: 'ডেমো দাতা: {name}',
    demoDistributor: 'ডেমো বিতরণকারী: {name}',
    demoCoordinator: 'ডেমো সমন্বয়কারী: {name}',
    cancel: 'বাতিল করে ফিরে যান',
    emailRequired: 'একটি ইমেল ঠিকানা লিখুন',
    emailInvalid: 'সঠিক ইমেল ঠিকানা লিখুন',
    nameTooLong: 'নাম: বড়জোর ১০০টি অক্ষর লিখুন',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type DevIdpTexts = (typeof DEV_IDP_TEXTS)[Locale];

/**
 * The page's language: the first of OpenID Connect's `ui_locales` (sent by AlmQuest from the
 * app's language) that it speaks, else the browser's Accept-Language, else English.
 */
export function devIdpLocale(uiLocales: unknown, acceptLanguage: string | undefined): Locale {
  const tags = [
    ...(typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []),
    ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!.trim()),
  ];
  for (const tag of tags) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return 'en';
}
