import { said } from '@almquest/contracts/field-words';
import {
  DONOR_MISMATCH,
  HANDOVER_CODE_REQUIRED,
  HANDOVER_CODE_TRIES,
  HANDOVER_LOCK_MINUTES,
} from '@almquest/contracts/packages';
import { eq, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../../../db/client';
import { donorNotification } from '../../../db/notifications';
import type { NotificationRow, PackageRow, UserRow } from '../../../db/rows';
import { distributors, packages } from '../../../db/schema';
import { AppError, badRequest, words } from '../../../errors';
import { assertIsAssignedDistributor } from '../packages.policy';
import { profileContacts } from '../packages.service';
import { noteOnRecord } from './record';
import { assertMay, lockWithClock, move, pickupTimePassed, refuseFormerDistributor } from './write';

/** The handover: the assigned distributor marks a package Received, then Distributed. */

export type MarkInput = {
  /** null for a package whose donor has left (deleted their account). */
  donorId: string | null;
  distributorId: string;
  packageId: string;
  state: 'Received' | 'Distributed';
  code?: string | undefined;
  servedCount?: number | undefined;
  /** At Received: what the distributor confirmed (every check true, by the request's schema). */
  checklist?: { packed: true; temperature: true; inTime: true } | undefined;
};
export type MarkResult = {
  package: PackageRow;
  notifications: NotificationRow[];
  hasFreedCapacity: boolean;
};

const CODE_LOCKED = said('Too many wrong codes; try again later', 'server.codeLocked');

/** Refused by the handover code: why, and what the distributor is to be told. */
type HandoverRefusal = { isLocked: boolean; triesLeft: number; lockedUntil: Date | null };

function handoverError(refusal: HandoverRefusal): AppError {
  if (refusal.isLocked) {
    return new AppError(
      429,
      'handover_locked',
      'Too many wrong codes. Try again later.',
      words('codeLocked'),
      { code: CODE_LOCKED },
    );
  }
  return new AppError(
    422,
    'wrong_handover_code',
    'That is not the handover code.',
    words('wrongCode'),
    {
      code:
        refusal.triesLeft === 1
          ? 'Wrong code: 1 try left'
          : `Wrong code: ${refusal.triesLeft} tries left`,
    },
    { code: { key: 'server.wrongCodeTries', params: { count: refusal.triesLeft } } },
  );
}

/**
 * Checks the code for Received. A wrong one is counted (and the count kept, even though the
 * request is refused). Every fifth wrong code in a row locks Received, for 10 minutes the first
 * time and twice as long each time after, so guessing through a 48-hour window gets a few dozen
 * tries, not a thousand (the count restarts only with a new pairing).
 */
async function checkHandoverCode(
  tx: Tx,
  pkg: PackageRow,
  code: string | undefined,
  now: Date,
): Promise<HandoverRefusal | null> {
  if (pkg.handoverLockedUntil && pkg.handoverLockedUntil > now) {
    return { isLocked: true, triesLeft: 0, lockedUntil: pkg.handoverLockedUntil };
  }
  if (code === undefined) {
    throw badRequest(
      'Enter the 4-digit handover code the donor shows you.',
      { code: HANDOVER_CODE_REQUIRED },
      words('codeRequired'),
    );
  }
  if (pkg.handoverCode !== null && code === pkg.handoverCode) return null;
  const failures = pkg.handoverFailures + 1;
  const isLocked = failures % HANDOVER_CODE_TRIES === 0;
  const lockMinutes = HANDOVER_LOCK_MINUTES * 2 ** (failures / HANDOVER_CODE_TRIES - 1);
  const [row] = await tx
    .update(packages)
    .set({
      handoverFailures: failures,
      ...(isLocked
        ? { handoverLockedUntil: sql`now() + ${lockMinutes} * interval '1 minute'` }
        : {}),
    })
    .where(eq(packages.id, pkg.id))
    .returning({ lockedUntil: packages.handoverLockedUntil });
  return {
    isLocked,
    triesLeft: HANDOVER_CODE_TRIES - (failures % HANDOVER_CODE_TRIES),
    lockedUntil: row?.lockedUntil ?? null,
  };
}

/**
 * The assigned distributor marks Paired -> Received (with the donor's handover code, before the
 * pickup time has passed), then Received -> Distributed; counters change in the same
 * transaction. Anything out of order is a 409 saying why.
 */
export async function markPackage(db: AppDb, user: UserRow, input: MarkInput): Promise<MarkResult> {
  const outcome = await db.transaction(async (tx): Promise<MarkResult | HandoverRefusal> => {
    const { pkg, now } = await lockWithClock(tx, input.packageId);
    await refuseFormerDistributor(tx, user, pkg);
    assertIsAssignedDistributor(user, pkg);
    if (pkg.donorId !== input.donorId) {
      throw badRequest('donor_id does not match this package.', { donor_id: DONOR_MISMATCH });
    }
    const isDistributed = input.state === 'Distributed';
    const transition = isDistributed ? 'distribute' : 'receive';
    assertMay(transition, pkg);
    if (!isDistributed) {
      if (pkg.readyUntil <= now) {
        throw pickupTimePassed();
      }
      const refusal = await checkHandoverCode(tx, pkg, input.code, now);
      if (refusal) return refusal;
    }
    const moved = await move(tx, pkg, transition, {
      set: isDistributed
        ? {
            distributedAt: sql`now()`,
            servedCount: input.servedCount ?? null,
            // What the finished package keeps: both sides' names and phones as they are now.
            ...profileContacts({ whileOpen: false }),
          }
        : {
            receivedAt: sql`now()`,
            handoverFailures: 0,
            handoverCheck: input.checklist ?? null,
          },
      distributorId: user.id,
      notify: donorNotification(pkg, isDistributed ? 'distributed' : 'received', input.state, {
        picture: user.picture,
        name: pkg.distributorName,
      }),
    });
    if (isDistributed) {
      await tx
        .update(distributors)
        .set({
          openLoad: sql`${distributors.openLoad} - ${pkg.quantity}`,
          totalPackagesDistributed: sql`${distributors.totalPackagesDistributed} + 1`,
        })
        .where(eq(distributors.userId, user.id));
    } else await noteOnRecord(tx, user.id, 'collected');
    return { ...moved, hasFreedCapacity: isDistributed };
  });
  // A wrong code is refused only once its count is committed.
  if ('isLocked' in outcome) throw handoverError(outcome);
  return outcome;
}
