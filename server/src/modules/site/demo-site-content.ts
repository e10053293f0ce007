import type { SiteContent } from '@almquest/contracts/site';

type TeamMember = SiteContent['team'][number];

/**
 * What `npm run seed` shows on the landing page, so a demo has every section SPEC.md lists. Each
 * organisation and person says "(example)": they stand in for the operator's own, who replace
 * them with `npm run site-content -- their-file.json`.
 */
/** A team member who stands in for the operator's own, reachable at an example address. */
const exampleMember = (
  name: string,
  role: TeamMember['role'],
  roleTitle: string,
  mailbox: string,
): TeamMember => ({
  name: `${name} (example)`,
  role,
  roleTitle,
  links: [{ label: 'E-mail', href: `mailto:${mailbox}@example.org` }],
});

export const demoSiteContent: SiteContent = {
  testimonials: [
    {
      quote:
        'Wedding caterers used to call us at midnight with food for two hundred. Now the package is on our phones with a meet point before the tables are cleared.',
      author: 'Farida Sheikh',
      organisation: 'Roti Ghar Community Kitchen (example)',
    },
    {
      quote:
        'Our volunteers see only what is near them and only what they have room for, so nobody drives across the city for ten meals.',
      author: 'Arjun Menon',
      organisation: 'Bengaluru Food Circle (example)',
    },
    {
      quote:
        'We run four restaurants. Listing the evening surplus takes a minute, and we see when it has been handed out.',
      author: 'Sunita Agarwal',
      organisation: 'Annapurna Restaurants (example)',
    },
  ],
  team: [
    exampleMember('Kavya Rao', 'Backend', 'Backend engineer', 'kavya'),
    exampleMember('Rohan Das', 'Frontend', 'Frontend engineer', 'rohan'),
    exampleMember('Imran Qureshi', 'AI/ML', 'Matching and AI/ML', 'imran'),
    exampleMember('Meenakshi Iyer', 'Content', 'Content and outreach', 'meenakshi'),
  ],
  partners: [
    { name: 'City Food Bank (example)' },
    { name: 'Neighbourhood Kitchens (example)' },
    { name: 'Restaurant Association (example)' },
  ],
  social: [
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'X', href: 'https://x.com/' },
    { label: 'YouTube', href: 'https://www.youtube.com/' },
  ],
};
