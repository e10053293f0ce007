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
    expect(await screen.findByText('Rina Das को मिल गया')).toBeInTheDocument();
    expect(titles()).toEqual([
      'पैकेट जोड़ा गया',
      'Rina Das ने स्वीकार किया',
      'Rina Das को मिल गया',
      'Rina Das ने बाँट दिया',
    ]);
  });

  it('in Bengali, accepting an offer and receiving the package are different words', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'bn');
    render(
      <I18nProvider>
        <Timeline pkg={pkg} />
      </I18nProvider>,
    );
    expect(await screen.findByText('Rina Das গ্রহণ করেছেন')).toBeInTheDocument();
    expect(titles()[1]).toBe('Rina Das প্রস্তাবে রাজি হয়েছেন');
  });

  it('puts "(you)" after the viewer’s own name, not after the verb', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'hi');
    const own = {
      events: [
        { kind: 'paired', at, distributorName: 'Rina Das', isViewer: true, reason: null },
        { kind: 'created', at, distributorName: null, isViewer: true, reason: null },
      ],
    } as unknown as Package;
    render(
      <I18nProvider>
        <Timeline pkg={own} />
      </I18nProvider>,
    );
    expect(await screen.findByText('Rina Das (आप) से जोड़ी बनी')).toBeInTheDocument();
    expect(titles()[1]).toBe('पैकेट जोड़ा गया (आप)');
  });
});
