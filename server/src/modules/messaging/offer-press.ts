import type { MessagingChannel } from '@almquest/contracts/messaging';
import type { PackageState } from '@almquest/contracts/packages';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import type { PackageRow } from '../../db/rows';
import { packages, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import {
  acceptOffer,
  type ChangeResult,
  giveBackAsDistributor,
} from '../packages/lifecycle/changes';
import { type ChangeOutlets, publishChange } from '../packages/lifecycle/publish';
import type { OfferPress } from './offer-buttons';

/** What answering an offer from the phone came to, for the channel to put in its words. */
export type PressOutcome =
  | { kind: 'accepted'; package: PackageRow }
  | { kind: 'declined' }
  /** Accepted before (by another press, or on the page): theirs already. */
  | { kind: 'alreadyAccepted' }
  /** Lapsed, gone to someone else, an earlier round, called off: nothing changed. */
  | { kind: 'ended' };

export type PressContext = {
  db: AppDb;
  config: Config;
  outlets: ChangeOutlets;
  log: Logger;
};

/**
 * An offer's Accept or Decline from a phone (a WhatsApp button, an SMS reply): the page's own
 * lifecycle function, under the same locks and rules, so it wins or loses the same races. A
 * press that is not for an offer open to this person now changes nothing and says so.
 */
export async function pressOffer(
  ctx: PressContext,
  channel: MessagingChannel,
  personId: string,
  press: OfferPress,
): Promise<PressOutcome> {
  const { db, config, log } = ctx;
  const packageNow = async () => {
    const [row] = await db
      .select({
        state: packages.state,
        distributorId: packages.distributorId,
        offerExpiresAt: packages.offerExpiresAt,
      })
      .from(packages)
      .where(eq(packages.id, press.packageId));
    return row;
  };
  /** A press on a package that moved on: theirs already (an Accept), or ended. */
  const movedOn = (
    pkg: { state: PackageState; distributorId: string | null } | undefined,
  ): PressOutcome =>
    press.action === 'accept' &&
    pkg?.distributorId === personId &&
    (pkg.state === 'Paired' || pkg.state === 'Received' || pkg.state === 'Distributed')
      ? { kind: 'alreadyAccepted' }
      : { kind: 'ended' };
  const [user] = await db.select().from(users).where(eq(users.id, personId));
  const pkg = await packageNow();
  if (!user || !pkg || user.suspendedAt) return { kind: 'ended' };
  if (
    pkg.state !== 'Offered' ||
    pkg.distributorId !== user.id ||
    pkg.offerExpiresAt?.getTime() !== press.offerEndsAt.getTime()
  ) {
    return movedOn(pkg);
  }
  let result: ChangeResult;
  try {
    result =
      press.action === 'accept'
        ? await acceptOffer(db, user, press.packageId, config.matching, { awayFromPage: true })
        : await giveBackAsDistributor(
            db,
            user,
            press.packageId,
            'decline',
            undefined,
            config.matching,
          );
  } catch (error) {
    // Lost a race the page would lose too (the offer lapsed a moment ago, say): nothing changed.
    if (error instanceof AppError && error.status < 500) {
      log.info({ channel, packageId: press.packageId, reason: error.message }, 'press refused');
      // ... or won it a moment ago, by another press or on the page.
      return movedOn(await packageNow());
    }
    throw error;
  }
  await publishChange(ctx.outlets, result, log);
  log.info(
    { channel, packageId: press.packageId, state: result.package.state },
    `package ${press.action === 'accept' ? 'accepted' : 'declined'} from the phone`,
  );
  return press.action === 'accept'
    ? { kind: 'accepted', package: result.package }
    : { kind: 'declined' };
}
