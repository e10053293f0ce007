import type { Locale } from '@almquest/contracts/locales';
import type { LocaleRequest, SessionUser } from '@almquest/contracts/session';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLocale } from '../../../i18n/locales';
import { readStoredLocale, useI18n } from '../../../i18n/i18n';
import { api, ignoreBody } from '../../../lib/api-client';
import { cacheUser, sessionQueryKey } from './session';

/** PUT /api/me/locale: keeps the language on the account (notifications and e-mails use it). */
export function setAccountLocale(locale: Locale): Promise<void> {
  return api.put('/me/locale', { locale } satisfies LocaleRequest, ignoreBody);
}

/**
 * Keeps the browser's language and the account's in step for a signed-in person: a language
 * chosen in this browser goes to the account; with no choice made here, the account's language
 * is taken up (chosen on another device), and an account without one keeps the language this
 * browser speaks.
 */
export function useAccountLocale(user: SessionUser) {
  const { locale, setLocale } = useI18n();
  const queryClient = useQueryClient();

  useEffect(() => {
    const stored = readStoredLocale();
    if (!isLocale(stored) && user.locale) {
      if (user.locale !== locale) setLocale(user.locale);
      return;
    }
    const chosen = isLocale(stored) ? stored : locale;
    if (chosen === user.locale) return;
    let isCurrent = true;
    setAccountLocale(chosen)
      .then(() => {
        if (!isCurrent) return;
        const updated = { ...user, locale: chosen };
        queryClient.setQueryData(sessionQueryKey, updated);
        cacheUser(updated);
      })
      .catch(() => {
        // Not kept on the account this time; the browser still has it, and the next change
        // (or the next visit) tries again.
      });
    return () => {
      isCurrent = false;
    };
  }, [locale, user, setLocale, queryClient]);
}
