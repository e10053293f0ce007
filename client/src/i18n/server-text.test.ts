import { describe, expect, it } from 'vitest';
import { formatMessage } from './format-message';
import { loadAppCatalog } from './catalog-parts';
import { hi as hiSite } from './messages/hi';
import { hiApp } from './messages/hi-app';
import { bn as bnSite } from './messages/bn';
import { bnApp } from './messages/bn-app';

const hi = { ...hiSite, ...hiApp };
const bn = { ...bnSite, ...bnApp };
import type { MessageKey } from './messages/en';
import { translateFieldWords, translateWords } from './server-text';

const sayIn =
  (catalog: Record<MessageKey, string>, locale: 'hi' | 'bn') =>
  (key: MessageKey, params?: Record<string, string | number>) =>
    formatMessage(locale, catalog[key], params);

describe('the API and schema messages, in the reader’s language', () => {
  it('says a field message from its words, translating its label and writing the reader’s digits', async () => {
    await loadAppCatalog();
    const t = sayIn(hi, 'hi');
    expect(translateFieldWords({ key: 'field.phoneInvalid' }, t)).toBe(
      '10 अंकों का भारतीय मोबाइल नंबर लिखें',
    );
    expect(
      translateFieldWords({ key: 'field.required', params: { label: 'Distance range' } }, t),
    ).toBe('दूरी ज़रूरी है');
    expect(
      translateFieldWords({ key: 'field.tooLong', params: { max: 100 } }, sayIn(bn, 'bn')),
    ).toBe('বড়জোর ১০০টি অক্ষর লিখুন');
  });

  it('says a message the API gives as words from its key and values, translating a state', async () => {
    await loadAppCatalog();
    const t = sayIn(hi, 'hi');
    expect(translateWords({ key: 'onlyNotPairedDeleted', params: { state: 'Received' } }, t)).toBe(
      'इस पैकेट की स्थिति "मिल गया" है; सिर्फ़ वही पैकेट हटाया जा सकता है जिसकी जोड़ी नहीं बनी।',
    );
    expect(translateWords({ key: 'alreadyRegistered', params: { role: 'donor' } }, t)).toBe(
      'आप पहले से दाता के रूप में रजिस्टर हैं।',
    );
    expect(
      translateWords({ key: 'capacityBelowLoad', params: { count: 12 } }, sayIn(bn, 'bn')),
    ).toBe(formatMessage('bn', bn['server.capacityBelowLoad'], { count: 12 }));
    // A key this client does not know (a newer server): null, so the caller falls back.
    expect(translateWords({ key: 'somethingNew' }, t)).toBeNull();
  });
});
