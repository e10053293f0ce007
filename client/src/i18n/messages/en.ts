import type { enApp } from './en-app';

/**
 * English, the source catalog, part one: what the first page (and every page's frame) shows,
 * shipped with it. The rest of English is en-app.ts, loaded with the first page that needs it
 * (see ../catalog-parts.ts), so a visitor's first page stays light. Keys are where a text appears. English
 * stays exactly SPEC.md's wording. Other catalogs (hi.ts, bn.ts) hold the same keys with the same
 * parameters (catalogs.test.ts); the glossary (../glossary.md) fixes the key terms. The `site.*`
 * keys are the operator's own words for the landing and information pages: an operator edits
 * them here and in each language's catalog.
 */
export const en = {
  // Common
  'common.loading': 'Loading…',
  'common.busy': 'Loading',
  'common.loadingPage': 'Loading page',
  'common.pleaseTryAgain': 'Please try again.',
  'common.skipToContent': 'Skip to content',
  'common.dismissAlert': 'Dismiss alert',
  // Language picker
  'language.label': 'Language',
  // Navbar, menus, footer
  'nav.main': 'Main',
  'nav.about': 'About Us',
  'nav.features': 'Features',
  'nav.impact': 'Impact',
  'nav.testimonials': 'Testimonials',
  'nav.team': 'Team',
  'nav.contact': 'Contact us',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.signIn': 'Sign In',
  'theme.label': 'Dark theme',
  'theme.toLight': 'Switch to the light theme',
  'theme.toDark': 'Switch to the dark theme',
  'footer.rights': '© {year} {brand}. All rights reserved.',
  'footer.privacy': 'Privacy',
  'footer.social': 'Social links',
  // Roles, states, categories
  'role.donor': 'Donor',
  'role.distributor': 'Distributor',
  // Landing page and information pages (the operator's words)
  'site.title': 'AlmQuest: rescue surplus food',
  'site.hero.title': 'Good food belongs with people, not in the bin.',
  'site.hero.text':
    'AlmQuest pairs donors of surplus meals with the best distributor nearby, and gives both directions to an exchange point.',
  'site.hero.cta': 'Join Us in our quest',
  'site.hero.art': 'A bowl of food being handed over',
  'site.about.title': 'About us',
  'site.about.text':
    'Restaurants, food chains, event hosts and families often have meals left over. Individuals, social service groups and NGOs know who needs them. AlmQuest connects the two in minutes: a donor lists a package, we find the best active distributor with room nearby, and both get contact details, a meet point and directions. Donors can follow each package until it has been distributed.',
  'site.about.more': 'Check Out Some More',
  'site.about.donorTitle': 'Join us as a Donor Now!',
  'site.about.donorText':
    'Have surplus meals? List them in seconds and we will find someone to collect them.',
  'site.about.distributorTitle': 'Join us as a Distributor Now!',
  'site.about.distributorText': 'Collect meals near you and hand them to people who need them.',
  'site.features.title': 'Features',
  'site.features.phone.title': 'Donate on the go',
  'site.features.phone.text':
    'List a package of meals from your phone wherever you are; your location is filled in for you.',
  'site.features.exchange.title': 'Efficient Exchange',
  'site.features.exchange.text':
    'We pair you with the nearest active distributor who has room, and pick a meet point fair to both.',
  'site.features.route.title': 'See where your package goes',
  'site.features.route.text':
    'Follow your package live as it is paired, received and finally distributed.',
  'site.features.partners': 'Our partners',
  'site.testimonials.title': 'Testimonials',
  'site.team.title': 'Team',
  'site.impact.title': 'What we have done together',
  'site.impact.meals': '{count, plural, one {meal donated} other {meals donated}}',
  'site.impact.packages': '{count, plural, one {package distributed} other {packages distributed}}',
  'site.impact.distributors':
    '{count, plural, one {distributor ready to collect} other {distributors ready to collect}}',
  'site.impact.failed': 'The totals could not be loaded just now.',
  'site.persona.title': 'Who does what',
  'site.persona.onThisPage': 'On this page',
  'site.persona.donor.title': 'Donor',
  'site.persona.donor.text':
    'A donor is anyone with surplus food: an individual, an organisation, a food chain, a restaurant or an event host. A donor lists a package of meals with a location and how far they can travel. AlmQuest pairs it with a distributor and shares the meet point, directions and contact details. The donor can then follow the package until it is distributed.',
  'site.persona.distributor.title': 'Distributor',
  'site.persona.distributor.text':
    'A distributor is an individual, a social service group or an NGO who collects food and gives it to people in need. A distributor sets how far they can travel and how many meals they can carry, and can switch themselves active or inactive. Only active distributors with room are paired with donors. They mark each package Received and then Distributed.',
  'site.persona.meal.title': 'Meal',
  'site.persona.meal.text':
    'A meal is enough food for about half a day for one person. There is no rigid standard: a plate of rice and dal, a few rotis with sabzi, or a packed lunch all count. When you donate, count the meals you can offer as best you can.',
  'site.persona.join': 'Join AlmQuest',
  // Not found
  'notFound.title': 'Page not found',
  'notFound.text': 'We could not find that page. It may have moved, or the link may be mistyped.',
  'notFound.home': 'Back to the home page',
  'pageError.offlineTitle': 'This page is not saved on this device',
  'pageError.offlineText':
    'You are offline, and this page was never opened on this device with a connection. Connect to the internet and try again.',
  'pageError.title': 'This page could not be shown',
  'pageError.text': 'Something went wrong while opening it. Please try again.',
  'pageError.retry': 'Try again',
  'site.impact.more': 'See our impact',
  // Access guards (SPEC section 2)
  'guard.notRecognised.title': "Hey! We don't recognize you",
  'guard.notRecognised.msg': 'Please login to join AlmQuest!',
  'guard.trespassing.title': 'Hey! You are trespassing!',
  'guard.trespassing.msg': 'You are not authorized to view this transaction.',
  'guard.noProfile.title': 'We were unable to find your profile!',
  'guard.noProfile.msg': 'Please register with us to create your profile now.',
  'guard.alreadyMember.title': 'Already a member of the family',
  'guard.alreadyMember.msg': 'You are already registered as a {userType}',
  'role.member': 'member',
  'roleLower.donor': 'donor',
  'roleLower.distributor': 'distributor',
  'guard.notCoordinator.title': 'Coordinators only',
  'guard.notCoordinator.msg': 'This page is for AlmQuest coordinators.',
} as const;

/** Every key the client uses: the first page's (above) and the rest (en-app.ts). */
export type MessageKey = keyof typeof en | keyof typeof enApp;
/** A whole catalog for another language: every English key, nothing else. */
export type Catalog = { readonly [K in MessageKey]: string };
/** Another language's first-page part (as en.ts) and the rest (as en-app.ts). */
export type SiteCatalog = { readonly [K in keyof typeof en]: string };
export type AppCatalog = { readonly [K in keyof typeof enApp]: string };
