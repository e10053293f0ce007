import { describe, expect, it } from 'vitest';
import { hi as hiSite } from '../i18n/messages/hi';
import { hiApp } from '../i18n/messages/hi-app';
import type { MessageKey } from '../i18n/messages/en';
import { personName } from './person-name';

const hi = { ...hiSite, ...hiApp };
const tHindi = (key: MessageKey) => hi[key];

describe('personName', () => {
  it('says the server’s words for a deleted account in the reader’s language', () => {
    expect(personName('A former donor', tHindi)).toBe('एक पुराने दाता');
    expect(personName('A former distributor', tHindi)).toBe('एक पुराने वितरक');
  });
  it('says a name blanked after the package ended is no longer shown', () => {
    expect(personName('', tHindi)).toBe(
      'अब नहीं दिखाया जाता (पैकेट पूरा होने के बाद कुछ ही समय रखा जाता है)',
    );
  });
  it('leaves every other name as it is', () => {
    expect(personName('Roti Bank', tHindi)).toBe('Roti Bank');
    expect(personName('constructor', tHindi)).toBe('constructor');
  });
});
