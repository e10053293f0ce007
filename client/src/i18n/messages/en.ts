/**
 * English, the source catalog: every text the client shows, keyed by where it appears. English
 * stays exactly SPEC.md's wording. Other catalogs (hi.ts, bn.ts) hold the same keys with the same
 * parameters (catalogs.test.ts); the glossary (../glossary.md) fixes the key terms.
 */
export const en = {
  'language.label': 'Language',
  'nav.about': 'About Us',
  'nav.features': 'Features',
  'nav.impact': 'Impact',
  'nav.testimonials': 'Testimonials',
  'nav.team': 'Team',
  'nav.contact': 'Contact us',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.signIn': 'Sign In',
  'impact.meals': '{count, plural, one {# meal donated} other {# meals donated}}',
  'impact.distributed':
    '{count, plural, one {# package distributed} other {# packages distributed}}',
  'impact.distributors':
    '{count, plural, one {# active distributor} other {# active distributors}}',
} as const;

export type MessageKey = keyof typeof en;
/** A catalog for another language: every English key, nothing else. */
export type Catalog = { readonly [K in MessageKey]: string };
