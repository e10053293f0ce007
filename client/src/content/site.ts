/**
 * Everything the landing and information pages say. An operator edits this file to make the site
 * their own; the code reads only these shapes. The team, testimonials, partners and social links
 * ship empty: each section appears on the landing page (and in the navbar) only once the operator
 * fills it in, so a visitor never sees made-up people or organisations.
 */

export type Feature = { title: string; text: string; icon: 'phone' | 'exchange' | 'route' };
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
  hero: {
    title: 'Good food belongs with people, not in the bin.',
    text: 'AlmQuest pairs donors of surplus meals with the best distributor nearby, and gives both directions to an exchange point.',
    cta: 'Join Us in our quest',
  },
  about: {
    title: 'About us',
    text: 'Restaurants, food chains, event hosts and families often have meals left over. Individuals, social service groups and NGOs know who needs them. AlmQuest connects the two in minutes: a donor lists a package, we find the best active distributor with room nearby, and both get contact details, a meet point and directions. Donors can follow each package until it has been distributed.',
    moreLink: 'Check Out Some More',
    donorCard: {
      title: 'Join us as a Donor Now!',
      text: 'Have surplus meals? List them in seconds and we will find someone to collect them.',
    },
    distributorCard: {
      title: 'Join us as a Distributor Now!',
      text: 'Collect meals near you and hand them to people who need them.',
    },
  },
  features: {
    title: 'Features',
    items: [
      {
        title: 'Donate on the go',
        text: 'List a package of meals from your phone wherever you are; your location is filled in for you.',
        icon: 'phone',
      },
      {
        title: 'Efficient Exchange',
        text: 'We pair you with the nearest active distributor who has room, and pick a meet point fair to both.',
        icon: 'exchange',
      },
      {
        title: 'See where your package goes',
        text: 'Follow your package live as it is paired, received and finally distributed.',
        icon: 'route',
      },
    ] satisfies Feature[],
    partnersTitle: 'Our partners',
    partners: [] as Partner[],
  },
  testimonials: {
    title: 'Testimonials',
    items: [] as Testimonial[],
  },
  team: {
    title: 'Team',
    members: [] as TeamMember[],
  },
  personaInfo: {
    title: 'Who does what',
    sections: [
      {
        id: 'donor',
        title: 'Donor',
        text: 'A donor is anyone with surplus food: an individual, an organisation, a food chain, a restaurant or an event host. A donor lists a package of meals with a location and how far they can travel. AlmQuest pairs it with a distributor and shares the meet point, directions and contact details. The donor can then follow the package until it is distributed.',
      },
      {
        id: 'distributor',
        title: 'Distributor',
        text: 'A distributor is an individual, a social service group or an NGO who collects food and gives it to people in need. A distributor sets how far they can travel and how many meals they can carry, and can switch themselves active or inactive. Only active distributors with room are paired with donors. They mark each package Received and then Distributed.',
      },
      {
        id: 'meal',
        title: 'Meal',
        text: 'A meal is enough food for about half a day for one person. There is no rigid standard: a plate of rice and dal, a few rotis with sabzi, or a packed lunch all count. When you donate, count the meals you can offer as best you can.',
      },
    ],
  },
  contact: {
    title: 'Contact us',
    text: 'Questions, ideas or a partnership in mind? Write to us.',
  },
  footer: {
    /** Followed by the current year and the brand. */
    copyright: 'All rights reserved.',
    /** e.g. { label: 'Instagram', href: 'https://instagram.com/…' }; hidden while empty. */
    social: [] as SocialLink[],
  },
  impact: {
    title: 'What we have done together',
    mealsDonated: 'meals donated',
    packagesDistributed: 'packages distributed',
    activeDistributors: 'distributors ready to collect',
  },
} as const;
