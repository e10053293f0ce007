import type { Locale } from '@almquest/contracts/locales';
import type { LocaleRequest, SessionUser } from '@almquest/contracts/session';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLocale } from '../../../i18n/locales';
import { readStoredLocale, useI18n } from '../../../i18n/i18n';
import { api, ignoreBody } from '../../../lib/api-client';
import { cacheUser, sessionQueryKey } from '../../../lib/session/session';
import { wasLanguagePicked } from '../../../lib/session/language-picked';

/** PUT /api/me/locale: keeps the language on the account (notifications and e-mails use it). */
export function setAccountLocale(locale: Locale): Promise<void> {
  return api.put('/me/locale', { locale } satisfies LocaleRequest, ignoreBody);
}

/**
 * Keeps the browser's language and the account's in step for a signed-in person. The account's
 * language wins at sign-in: a browser shared by several people (a family phone, an NGO's desk)
 * remembers the last one's language, which must not overwrite the next one's account. Only a
 * language picked in this tab (with the picker, while signed in or just before signing in) goes
 * to the account; an account without a language takes the one this browser speaks.
 */
export function useAccountLocale(user: SessionUser) {
  const { locale, setLocale } = useI18n();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (user.locale && !wasLanguagePicked()) {
      if (user.locale !== locale) setLocale(user.locale);
      return;
    }
    const stored = readStoredLocale();
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
