import { type SiteContent, SiteContentSchema } from '@almquest/contracts/site';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, loadStartingCatalog } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { accepts } from '../../../test/accepts';
import { siteContentAnswer, siteContentQueryOptions, useSiteContent } from './get-site-content';

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
    [
      'translations',
      {
        ...content,
        testimonials: [
          {
            ...content.testimonials[0],
            translations: { hi: { quote: 'अच्छा।' }, bn: { organisation: 'রুটি ঘর' } },
          },
        ],
        partners: [{ name: 'City Food Bank', translations: { bn: { name: 'সিটি ফুড ব্যাংক' } } }],
      },
    ],
    [
      'a translation that is not text',
      { ...content, partners: [{ name: 'A', translations: { hi: { name: 5 } } }] },
    ],
    [
      'a translation that changes a link',
      {
        ...content,
        social: [
          {
            label: 'X',
            href: 'https://x.com/',
            translations: { hi: { href: 'javascript:alert(1)' } },
          },
        ],
      },
    ],
    [
      'a translation in another language',
      { ...content, partners: [{ name: 'A', translations: { ta: { name: 'அ' } } }] },
    ],
  ])('agree with the contract on %s', (_case, data) => {
    expect(accepts((d) => siteContentAnswer.parse(d), data)).toBe(
      accepts((d) => SiteContentSchema.strict().parse(d), data) && data !== null,
    );
  });
});

describe("the landing page's own sections, in the reader's language", () => {
  it('shows each item in Hindi or Bengali where the operator gave its words, else as written', async () => {
    const client = createQueryClient();
    client.setQueryData(siteContentQueryOptions.queryKey, {
      ...(content as SiteContent),
      testimonials: [
        { ...content.testimonials[0]!, translations: { hi: { quote: 'अच्छा।' } } },
        { quote: 'Fine.', author: 'Arjun', organisation: 'Food Circle' },
      ],
    });
    function Quotes() {
      const { testimonials } = useSiteContent();
      return (
        <ul>
          {testimonials.map((t) => (
            <li key={t.organisation}>{`${t.quote} ${t.author}`}</li>
          ))}
        </ul>
      );
    }
    render(
      <QueryClientProvider client={client}>
        <I18nProvider initial={await loadStartingCatalog('hi')}>
          <Quotes />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('अच्छा। Farida')).toBeInTheDocument();
    expect(screen.getByText('Fine. Arjun')).toBeInTheDocument();
  });
});
