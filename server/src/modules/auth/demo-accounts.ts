import { DEMO_COORDINATOR_EMAIL } from '@almquest/contracts/session';

/**
 * Demo people that `npm run seed` registers and the development sign-in page offers with one
 * click. They use the reserved example.org domain, so no real mailbox is ever involved. Their
 * names are bare (no "(demo donor)"): they are shown on every page, in every language, and the
 * sign-in page's buttons say in the page's language which account is which.
 */
export const demoAccounts = [
  {
    email: 'donor.demo@example.org',
    name: 'Annapurna Kitchen',
    role: 'donor',
  },
  {
    email: 'distributor.demo@example.org',
    name: 'Roti Bank',
    role: 'distributor',
  },
] as const;

/** The demo coordinator: signs in like anyone else; the console is theirs by config. */
export const demoCoordinator = {
  email: DEMO_COORDINATOR_EMAIL,
  name: 'Meera',
} as const;
