import { describe, expect, it } from 'vitest';
import { formatMessage } from './format-message';
import { bn } from './messages/bn';
import { bnApp } from './messages/bn-app';
import { en } from './messages/en';
import { enApp } from './messages/en-app';
import { hi } from './messages/hi';
import { hiApp } from './messages/hi-app';

/** The parameter names a message uses: `{name}` and `{count, plural, …}` alike. */
function parameters(template: string): string[] {
  return [...template.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]!).sort();
}

const english: Record<string, string> = { ...en, ...enApp };

it('keeps each English key in one part only', () => {
  expect(Object.keys(en).filter((key) => key in enApp)).toEqual([]);
});

describe.each([
  ['Hindi', hi, hiApp],
  ['Bengali', bn, bnApp],
])('the %s catalog', (_language, site, app) => {
  const catalog = { ...site, ...app };
  it('has every English key and no other, each in the part English has it in', () => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(site).sort()).toEqual(Object.keys(en).sort());
  });

  it('uses the same parameters as English in every message, and leaves none empty', () => {
    for (const [key, source] of Object.entries(english)) {
      const translated = (catalog as Record<string, string>)[key] ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect([...new Set(parameters(translated))], key).toEqual([...new Set(parameters(source))]);
    }
  });
});

describe('the words of the shared schemas’ field messages', () => {
  it('say, in English, exactly what each schema says: one text, two ways of naming it', async () => {
    // Every schema module, so every message it says is known.
    await Promise.all([
      import('@almquest/contracts/contact'),
      import('@almquest/contracts/coordinator'),
      import('@almquest/contracts/field-errors'),
      import('@almquest/contracts/location'),
      import('@almquest/contracts/packages'),
      import('@almquest/contracts/places'),
      import('@almquest/contracts/users'),
    ]);
    const { saidMessages } = await import('@almquest/contracts/field-words');
    const said = saidMessages();
    expect(said.length).toBeGreaterThan(25);
    for (const [message, words] of said) {
      const template = english[words.key];
      expect(template, `${words.key} is in the English catalog`).toBeDefined();
      expect(formatMessage('en', template!, words.params)).toBe(message);
    }
  });
});

/**
 * glossary.md fixes one word per concept in each language; these are the variants readers met
 * instead (a review found the same thing called two names on one screen). Contract texts
 * (notifications, push and e-mail) are checked too: they are part of the catalogs.
 */
const BANNED: Record<'Hindi' | 'Bengali', [variant: RegExp, use: string][]> = {
  Hindi: [
    [/प्रस्ताव/, 'पेशकश (offer)'],
    [/हैंडओवर कोड/, 'सौंपने का कोड (handover code)'],
    [/ई-मेल/, 'ईमेल (e-mail)'],
    [/NGO/, 'एनजीओ (NGO)'],
    [/[\u0980-\u09FF]/, 'Devanagari: a Bengali letter in the Hindi catalog'],
  ],
  Bengali: [
    [/জোড়া/, 'জুটি (paired)'],
    [/হ্যান্ডওভার/, 'হস্তান্তরের কোড (handover code)'],
    [/ই-মেল/, 'ইমেল (e-mail)'],
    [/লিঙ্ক/, 'লিংক (link)'],
    [/[\u0900-\u0963\u0966-\u097F]/, 'Bengali script: a Devanagari letter in the Bengali catalog'],
  ],
};

describe.each([
  ['Hindi', hi, hiApp],
  ['Bengali', bn, bnApp],
] as const)('the %s catalog’s words', (language, site, app) => {
  it('keep to the glossary', () => {
    const found = Object.entries({ ...site, ...app }).flatMap(([key, text]) =>
      BANNED[language]
        .filter(([variant]) => variant.test(text))
        .map(([, use]) => `${key}: use ${use}`),
    );
    expect(found).toEqual([]);
  });
});

it('calls what the bell shows বিজ্ঞপ্তি in Bengali, and keeps বার্তা for messages people write', () => {
  const aboutNotifications =
    /^(?:notifications|push|settings|unsubscribe)\.|Notification|pushSubscription|deviceNotSubscribed|pushDevices/;
  const found = Object.entries({ ...bn, ...bnApp })
    .filter(([key, text]) => aboutNotifications.test(key) && /বার্তা/.test(text))
    .map(([key]) => key);
  expect(found).toEqual([]);
  expect(bnApp['notifications.title']).toBe('বিজ্ঞপ্তি');
  expect(bnApp['contact.message']).toBe('বার্তা');
});
