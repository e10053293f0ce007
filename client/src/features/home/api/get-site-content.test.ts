import { SiteContentSchema } from '@almquest/contracts/site';
import { describe, expect, it } from 'vitest';
import { accepts } from '../../../test/accepts';
import { siteContentAnswer } from './get-site-content';

const content = {
  testimonials: [{ quote: 'Good.', author: 'Farida', organisation: 'Roti Ghar' }],
  team: [
    {
      name: 'Kavya',
      role: 'Backend',
      roleTitle: 'Backend engineer',
      links: [{ label: 'E-mail', href: 'mailto:kavya@example.org' }],
    },
  ],
  partners: [{ name: 'City Food Bank' }],
  social: [{ label: 'Instagram', href: 'https://www.instagram.com/' }],
};

describe("the landing page's own sections, as read", () => {
  it.each([
    ['whole', content],
    ['empty', { testimonials: [], team: [], partners: [], social: [] }],
    ['a script link', { ...content, social: [{ label: 'x', href: 'javascript:alert(1)' }] }],
    ['a data link', { ...content, social: [{ label: 'x', href: 'data:text/html,hi' }] }],
    ['a number for a name', { ...content, partners: [{ name: 5 }] }],
    ['a team that is not a list', { ...content, team: 'none' }],
    ['null', null],
  ])('agree with the contract on %s', (_case, data) => {
    expect(accepts((d) => siteContentAnswer.parse(d), data)).toBe(
      accepts((d) => SiteContentSchema.strict().parse(d), data) && data !== null,
    );
  });
});
