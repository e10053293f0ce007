import { FORMER_DISTRIBUTOR, FORMER_DONOR } from '@almquest/contracts/users';
import type { MessageKey } from '../i18n/messages/en';

const FORMER: Record<string, MessageKey> = {
  [FORMER_DONOR]: 'person.formerDonor',
  [FORMER_DISTRIBUTOR]: 'person.formerDistributor',
};

/**
 * A person's name as the reader sees it: the server's words for someone who deleted their
 * account ("A former donor") in the reader's language, a name the retention job blanked on a
 * finished package (decision 043) said so, any other name as it is.
 */
export function personName(name: string, t: (key: MessageKey) => string): string {
  if (name === '') return t('person.hidden');
  return Object.hasOwn(FORMER, name) ? t(FORMER[name]!) : name;
}
