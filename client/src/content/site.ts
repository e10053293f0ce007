/**
 * The operator's own data for the landing and information pages. Their words (headings, texts)
 * live in the message catalogs under `site.*` (client/src/i18n/messages), one per language; here
 * are the brand and the lists. The team, testimonials, partners and social links ship empty: each
 * section appears on the landing page (and in the navbar) only once the operator fills it in, so
 * a visitor never sees made-up people or organisations. Quotes and names stay as their people
 * wrote them.
 */

export type Feature = { id: 'phone' | 'exchange' | 'route' };
export type Testimonial = { quote: string; author: string; organisation: string };
export type TeamMember = {
  name: string;
  role: 'Backend' | 'Frontend' | 'AI/ML' | 'Content';
  roleTitle: string;
  links: { label: string; href: string }[];
};
export type Partner = { name: string };
export type SocialLink = { label: string; href: string };

export const site = {
  brand: 'AlmQuest',
  features: {
    /** Each feature's title and text are `site.features.{id}.title` / `.text` in the catalogs. */
    items: [{ id: 'phone' }, { id: 'exchange' }, { id: 'route' }] as Feature[],
    partners: [] as Partner[],
  },
  testimonials: { items: [] as Testimonial[] },
  team: { members: [] as TeamMember[] },
  /** The sections of "Who does what": `site.persona.{id}.title` / `.text` in the catalogs. */
  personaInfo: { sections: ['donor', 'distributor', 'meal'] as const },
  footer: {
    /** e.g. { label: 'Instagram', href: 'https://instagram.com/…' }; hidden while empty. */
    social: [] as SocialLink[],
  },
} as const;
