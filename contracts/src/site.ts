import { z } from 'zod';
import { textField } from './text';

/**
 * An item's words in Hindi and Bengali (`translations: { hi: {…}, bn: {…} }`), any of its text
 * fields, each optional: a reader of that language sees them, and the item's own words where
 * none is given. Quotes and names may stay as their people wrote them.
 */
function translationsOf<Shape extends z.ZodRawShape>(shape: Shape) {
  const words = z.strictObject(shape).partial();
  return z.strictObject({ hi: words.optional(), bn: words.optional() }).optional();
}

const linkLabel = textField({ max: 40, min: 1 });
/** A link people follow from the landing page: to a web page, an e-mail address or a phone. */
const SiteLinkSchema = z.strictObject({
  label: linkLabel,
  translations: translationsOf({ label: linkLabel }),
  href: z
    .string()
    .trim()
    .max(300)
    .refine(
      (href) =>
        // eslint-disable-next-line no-control-regex -- control characters are what is refused
        /^(?:https:\/\/[^\s"'<>\u0000-\u001f\u007f]+|mailto:[^\s"'<>\u0000-\u001f\u007f]+|tel:\+?[\d -]+)$/.test(
          href,
        ),
      'A link starts with https://, mailto: or tel:',
    ),
});
export type SiteLink = z.infer<typeof SiteLinkSchema>;

export const TEAM_ROLES = ['Backend', 'Frontend', 'AI/ML', 'Content'] as const;

const quoteText = textField({ max: 400, min: 1 });
const personText = textField({ max: 80, min: 1 });
const organisationText = textField({ max: 120, min: 1 });

/**
 * The operator's own sections of the landing page (SPEC section 1): testimonials from the
 * organisations they work with, the team with role titles and contact links, partners' names
 * under the features, and social links in the footer. Each part shows only when it is filled:
 * nobody made up is ever shown. Quotes and names stay as their people wrote them.
 */
export const SiteContentSchema = z.strictObject({
  testimonials: z
    .array(
      z.strictObject({
        quote: quoteText,
        author: personText,
        organisation: organisationText,
        translations: translationsOf({
          quote: quoteText,
          author: personText,
          organisation: organisationText,
        }),
      }),
    )
    .max(12)
    .default([]),
  team: z
    .array(
      z.strictObject({
        name: personText,
        role: z.enum(TEAM_ROLES),
        roleTitle: personText,
        links: z.array(SiteLinkSchema).max(4).default([]),
        translations: translationsOf({ name: personText, roleTitle: personText }),
      }),
    )
    .max(12)
    .default([]),
  partners: z
    .array(z.strictObject({ name: personText, translations: translationsOf({ name: personText }) }))
    .max(24)
    .default([]),
  social: z.array(SiteLinkSchema).max(8).default([]),
});
export type SiteContent = z.infer<typeof SiteContentSchema>;

export const EMPTY_SITE_CONTENT: SiteContent = {
  testimonials: [],
  team: [],
  partners: [],
  social: [],
};
