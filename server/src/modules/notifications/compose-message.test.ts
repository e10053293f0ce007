import { describe, expect, it } from 'vitest';
import { composeMessage } from './delivery';

/** An offer's push or e-mail says by when to answer, as its reader writes a time. */
describe('the time an offer must be answered by', () => {
  const offer = (locale: string) =>
    composeMessage(
      { kind: 'offered', packageId: null, quantity: 12, address: 'Salt Lake', locale },
      // 4:02 pm in India.
      new Date('2026-11-21T10:32:00Z'),
      'https://almquest.example',
    ).answerBy;

  it('is a 12-hour time in every language, the part of the day first in Hindi and Bengali', () => {
    expect(offer('en')).toBe('Answer by 4:02\u202fpm');
    expect(offer('hi')).toBe('शाम 4:02 तक जवाब दें');
    expect(offer('bn')).toBe('বিকাল ৪:০২-এর মধ্যে উত্তর দিন');
  });
});
