import { DEMO_COORDINATOR_EMAIL } from '@almquest/contracts/session';

/**
 * Demo people that `npm run seed` registers and the development sign-in page offers with one
 * click. They use the reserved example.org domain, so no real mailbox is ever involved.
 */
export const demoAccounts = [
  {
    email: 'donor.demo@example.org',
    name: 'Annapurna Kitchen (demo donor)',
    shortName: 'Annapurna Kitchen',
    role: 'donor',
  },
  {
    email: 'distributor.demo@example.org',
    name: 'Roti Bank (demo distributor)',
    shortName: 'Roti Bank',
    role: 'distributor',
  },
] as const;

/** The demo coordinator: signs in like anyone else; the console is theirs by config. */
export const demoCoordinator = {
  email: DEMO_COORDINATOR_EMAIL,
  name: 'Meera (demo coordinator)',
  shortName: 'Meera',
} as const;
