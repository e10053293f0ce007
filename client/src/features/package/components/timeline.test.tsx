import type { Package } from '@almquest/contracts/packages';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { LOCALE_STORAGE_KEY } from '../../../i18n/locales';
import { Timeline } from './timeline';

const at = '2026-11-21T10:32:00Z';
const pkg = {
  events: [
    { kind: 'created', at, distributorName: null, isViewer: false, reason: null },
    { kind: 'accepted', at, distributorName: 'Rina Das', isViewer: false, reason: null },
    { kind: 'received', at, distributorName: 'Rina Das', isViewer: false, reason: null },
    { kind: 'distributed', at, distributorName: 'Rina Das', isViewer: false, reason: null },
  ],
} as unknown as Package;

const titles = () =>
  screen.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent);

describe('the timeline', () => {
  it('says who did what in one sentence of the reader’s language', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'hi');
    render(
      <I18nProvider>
        <Timeline pkg={pkg} />
      </I18nProvider>,
    );
    expect(await screen.findByText('Rina Das को पैकेट मिल गया')).toBeInTheDocument();
    expect(titles()).toEqual([
      'पैकेट दर्ज हुआ',
      'Rina Das ने स्वीकार किया',
      'Rina Das को पैकेट मिल गया',
      'Rina Das ने खाना बाँट दिया',
    ]);
  });

  it('in Bengali, accepting an offer and receiving the package are different words', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'bn');
    render(
      <I18nProvider>
        <Timeline pkg={pkg} />
      </I18nProvider>,
    );
    expect(await screen.findByText('Rina Das খাবার পেয়েছেন')).toBeInTheDocument();
    expect(titles()[1]).toBe('Rina Das প্রস্তাবে রাজি হয়েছেন');
  });

  it('tells the distributor what they did with "you" in the sentence, and their name beside it', async () => {
    const own = {
      events: [
        { kind: 'paired', at, distributorName: 'Rina Das', isViewer: true, reason: null },
        { kind: 'received', at, distributorName: 'Rina Das', isViewer: true, reason: null },
        { kind: 'offered', at, distributorName: null, isViewer: true, reason: null },
      ],
    } as unknown as Package;
    for (const [locale, expected] of [
      [
        'hi',
        ['आपसे (Rina Das) जोड़ी बनी', 'आपको (Rina Das) पैकेट मिल गया', 'एक वितरक को पेशकश भेजी गई (आप)'],
      ],
      [
        'bn',
        [
          'আপনার (Rina Das) সঙ্গে জুটি হয়েছে',
          'আপনি (Rina Das) খাবার পেয়েছেন',
          'এক বিতরণকারীকে প্রস্তাব পাঠানো হয়েছে (আপনি)',
        ],
      ],
      [
        'en',
        [
          'Paired with you (Rina Das)',
          'You (Rina Das) received it',
          'Offered to a distributor (you)',
        ],
      ],
    ] as const) {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
      const { unmount } = render(
        <I18nProvider>
          <Timeline pkg={own} />
        </I18nProvider>,
      );
      expect(await screen.findByText(expected[0])).toBeInTheDocument();
      expect(titles()).toEqual(expected);
      unmount();
    }
  });
});
