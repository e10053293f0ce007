import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { I18nProvider, keepTogether, localPhone, useI18n } from './i18n';
import { hi as hiSite } from './messages/hi';
import { hiApp } from './messages/hi-app';
import { LOCALE_STORAGE_KEY } from './locales';

function Probe() {
  const { t, setLocale, locale } = useI18n();
  return (
    <div>
      <p data-testid="text">{t('common.meals', { count: 100000 })}</p>
      <p data-testid="locale">{locale}</p>
      <button type="button" onClick={() => setLocale('bn')}>
        bn
      </button>
    </div>
  );
}

afterEach(() => localStorage.clear());

describe('I18nProvider', () => {
  it('starts in the language chosen before, loads its catalog and sets <html lang>', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'hi');
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText('1,00,000 भोजन')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
  });

  it('keeps a new choice and switches at once', async () => {
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    await act(async () => screen.getByRole('button', { name: 'bn' }).click());
    expect(await screen.findByText('১,০০,০০০টি খাবার')).toBeInTheDocument();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
  });

  it('says an API error from its words, never from matching its English', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'hi');
    const error = new ApiError(
      409,
      'conflict',
      'English this client has never seen.',
      {},
      {
        key: 'offerLapsed',
      },
    );
    function ErrorProbe() {
      const { errorText, locale } = useI18n();
      return <p data-testid="error">{locale === 'hi' ? errorText(error) : ''}</p>;
    }
    render(
      <I18nProvider>
        <ErrorProbe />
      </I18nProvider>,
    );
    expect(await screen.findByText(hiApp['server.offerLapsed'])).toBeInTheDocument();
  });

  it('says only what the code means when an error has no words, whatever its English', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'hi');
    // English a catalog holds word for word: still not matched, so nothing rests on wording.
    const errors = [
      new ApiError(409, 'conflict', 'No such package.', {}),
      new ApiError(422, 'wrong_handover_code', 'That is not the handover code.', {}),
    ];
    function ErrorProbe() {
      const { errorText, locale } = useI18n();
      return <ul>{locale === 'hi' && errors.map((e) => <li key={e.code}>{errorText(e)}</li>)}</ul>;
    }
    render(
      <I18nProvider>
        <ErrorProbe />
      </I18nProvider>,
    );
    await screen.findByText(hiApp['server.wrongCode']);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      hiSite['common.pleaseTryAgain'],
      hiApp['server.wrongCode'],
    ]);
    expect(items[0]!.textContent).not.toBe(hiApp['server.noSuchPackage']);
  });
});

describe('words kept on one line', () => {
  it('keeps a date whole and its time whole, breaking only after the comma', () => {
    expect(keepTogether('29 नवंबर 2026, रात 3:26')).toBe('29\u00a0नवंबर\u00a02026, रात\u00a03:26');
  });

  it('writes a phone as people do, in the reader’s digits, never broken', () => {
    const bengali = (n: number) => new Intl.NumberFormat('bn-IN').format(n);
    expect(localPhone('9876500001', bengali)).toBe('+৯১\u00a0৯৮৭৬৫\u00a0০০০০১');
    expect(localPhone('', bengali)).toBe('');
  });
});
