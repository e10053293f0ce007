import type { SessionUser } from '@almquest/contracts/session';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { I18nProvider, useI18n } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { forgetLanguagePicked, markLanguagePicked } from '../../../lib/session/language-picked';
import { useAccountLocale } from './set-account-locale';

function Probe({ user }: { user: SessionUser }) {
  useAccountLocale(user);
  const { locale } = useI18n();
  return <p data-testid="locale">{locale}</p>;
}

const user = (locale: SessionUser['locale']): SessionUser => ({
  id: 'u1',
  name: 'Asha',
  privacyNotice: null,
  email: 'asha@example.org',
  picture: null,
  isRegistered: true,
  userType: 'donor',
  locale,
});

function show(person: SessionUser) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider>
        <Probe user={person} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("the account's language on a shared browser", () => {
  beforeEach(() => {
    localStorage.clear();
    forgetLanguagePicked();
  });

  it("takes up the account's language over what the last person here left", async () => {
    const api = fakeApi({ 'PUT /me/locale': () => ({ status: 204, data: null }) });
    localStorage.setItem('lang', 'hi');
    const { getByTestId } = show(user('bn'));
    await waitFor(() => expect(getByTestId('locale').textContent).toBe('bn'));
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('writes a language picked in this tab to the account', async () => {
    const api = fakeApi({ 'PUT /me/locale': () => ({ status: 204, data: null }) });
    localStorage.setItem('lang', 'hi');
    markLanguagePicked();
    show(user('bn'));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PUT',
        url: '/me/locale',
        data: { locale: 'hi' },
      }),
    );
  });

  it("gives an account without a language this browser's", async () => {
    const api = fakeApi({ 'PUT /me/locale': () => ({ status: 204, data: null }) });
    show(user(null));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PUT',
        url: '/me/locale',
        data: { locale: 'en' },
      }),
    );
  });
});
