/**
 * The brand and the landing page's fixed parts. Their words (headings, texts) live in the message
 * catalogs under `site.*` (client/src/i18n/messages), one per language. The operator's own
 * sections (testimonials, team, partners' names, social links) are data, not code: saved with
 * `npm run site-content -- FILE.json` and served by GET /api/site (contracts/src/site.ts); each
 * appears on the landing page and in the navbar only once filled, so a visitor never sees made-up
 * people or organisations. `npm run seed` saves examples, marked "(example)".
 */

export type Feature = { id: 'phone' | 'exchange' | 'route' };

export const site = {
  brand: 'AlmQuest',
  features: {
    /** Each feature's title and text are `site.features.{id}.title` / `.text` in the catalogs. */
    items: [{ id: 'phone' }, { id: 'exchange' }, { id: 'route' }] as Feature[],
  },
  /** The sections of "Who does what": `site.persona.{id}.title` / `.text` in the catalogs. */
  personaInfo: { sections: ['donor', 'distributor', 'meal'] as const },
} as const;
