import type { SiteContent } from '@almquest/contracts/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { api, type ResponseParser } from '../../../lib/api-client';

const EMPTY: SiteContent = { testimonials: [], team: [], partners: [], social: [] };

const isText = (v: unknown) => typeof v === 'string' && v.length > 0;
const isLink = (v: unknown) => {
  const link = v as { label?: unknown; href?: unknown } | null;
  return (
    isText(link?.label) &&
    typeof link?.href === 'string' &&
    /^(?:https:|mailto:|tel:)/.test(link.href)
  );
};
/** The text fields a translation may give: never a link's address, nor anything else. */
const TRANSLATED = new Set(['quote', 'author', 'organisation', 'name', 'roleTitle', 'label']);

/** An item's `translations`: none, or each language's words, every one of them text. */
const hasTextTranslations = (item: { translations?: unknown }) => {
  const { translations } = item;
  if (translations === undefined) return true;
  if (typeof translations !== 'object' || translations === null) return false;
  return Object.entries(translations).every(
    ([locale, words]) =>
      (locale === 'hi' || locale === 'bn') &&
      typeof words === 'object' &&
      words !== null &&
      Object.entries(words).every(([field, text]) => TRANSLATED.has(field) && isText(text)),
  );
};
const isListOf = (v: unknown, check: (item: never) => boolean) =>
  Array.isArray(v) &&
  v.every(
    (item) =>
      typeof item === 'object' &&
      item !== null &&
      hasTextTranslations(item as { translations?: unknown }) &&
      check(item as never),
  );

/**
 * SiteContentSchema's check written out by hand: the landing page reads it, and zod stays out of
 * its code (get-site-content.test.ts holds the two equal on what matters: text is text, links
 * only go to web pages, e-mail or a phone).
 */
export const siteContentAnswer: ResponseParser<SiteContent> = {
  parse(data) {
    const v = data as Partial<Record<keyof SiteContent, unknown>> | null;
    if (
      isListOf(v?.testimonials, (t: SiteContent['testimonials'][number]) =>
        [t.quote, t.author, t.organisation].every(isText),
      ) &&
      isListOf(
        v?.team,
        (m: SiteContent['team'][number]) =>
          isText(m.name) && isText(m.role) && isText(m.roleTitle) && isListOf(m.links, isLink),
      ) &&
      isListOf(v?.partners, (p: SiteContent['partners'][number]) => isText(p.name)) &&
      isListOf(v?.social, isLink)
    ) {
      return v as SiteContent;
    }
    throw new Error('Not the site content');
  },
};

/** GET /api/site: the operator's own sections of the landing page (empty until saved). */
export function getSiteContent(): Promise<SiteContent> {
  return api.get('/site', siteContentAnswer);
}

export const siteContentQueryOptions = queryOptions({
  queryKey: ['site-content'] as const,
  queryFn: getSiteContent,
  staleTime: 5 * 60_000,
});

/** An item in `locale`: its translated words over its own, where the operator gave them. */
function inLanguage<Item extends { translations?: Partial<Record<'hi' | 'bn', object>> }>(
  item: Item,
  locale: string,
): Item {
  const words = locale === 'hi' || locale === 'bn' ? item.translations?.[locale] : undefined;
  return words ? { ...item, ...words } : item;
}

/**
 * The operator's sections in the reader's language (where they gave its words); empty while
 * loading or when they cannot be read (nothing made up).
 */
export function useSiteContent(): SiteContent {
  const { locale } = useI18n();
  const content = useQuery(siteContentQueryOptions).data ?? EMPTY;
  return useMemo(
    () => ({
      testimonials: content.testimonials.map((t) => inLanguage(t, locale)),
      team: content.team.map((m) => ({
        ...inLanguage(m, locale),
        links: m.links.map((link) => inLanguage(link, locale)),
      })),
      partners: content.partners.map((p) => inLanguage(p, locale)),
      social: content.social.map((link) => inLanguage(link, locale)),
    }),
    [content, locale],
  );
}
