import type { DisposalReason } from '@almquest/contracts/packages';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import type { PackageRow, UserRow } from '../../../db/rows';
import { packageReports, packages } from '../../../db/schema';
import { badRequest, conflict, words } from '../../../errors';
import { assertIsAssignedDistributor } from '../packages.policy';
import { lockWithClock, refuseFormerDistributor } from './write';

/** After the handover: the food the distributor holds, or held. */
const HELD_OR_GIVEN = ['Received', 'Distributed'];
/** Food given out is recorded as unfit the same day at the latest: history is not rewritten. */
const AFTER_DISTRIBUTED_MS = 24 * 3_600_000;

/**
 * The distributor records meals of a package they received as unfit and disposed of (decision
 * 042): once per package, at most its meals; the package's state does not change (the rest is
 * still given out, and Distributed still closes it). The coordinators get it as a report; the
 * impact page counts the meals apart.
 */
export async function recordDisposal(
  db: AppDb,
  user: UserRow,
  packageId: string,
  input: { quantity: number; reason: DisposalReason; note?: string | undefined },
): Promise<PackageRow> {
  return db.transaction(async (tx) => {
    const { pkg, now } = await lockWithClock(tx, packageId);
    await refuseFormerDistributor(tx, user, pkg);
    assertIsAssignedDistributor(user, pkg, 'mark');
    if (!HELD_OR_GIVEN.includes(pkg.state)) {
      throw conflict(
        `This package is ${pkg.state}: food is recorded as disposed of after you received it.`,
        words('disposeAfterReceived', { state: pkg.state }),
      );
    }
    if (
      pkg.state === 'Distributed' &&
      (pkg.distributedAt?.getTime() ?? 0) + AFTER_DISTRIBUTED_MS < now.getTime()
    ) {
      throw conflict(
        'This package was given out more than a day ago: disposed food is recorded by then.',
        words('disposeTooLate'),
      );
    }
    if (pkg.disposedQuantity !== null) {
      throw conflict(
        'Disposed food is already recorded for this package.',
        words('alreadyDisposed'),
      );
    }
    if (input.quantity > pkg.quantity) {
      throw badRequest(
        `Please check quantity: the package has ${pkg.quantity} meals`,
        { quantity: `At most ${pkg.quantity}, the meals in this package` },
        words('disposedTooMany', { count: pkg.quantity }),
      );
    }
    const [updated] = await tx
      .update(packages)
      .set({
        disposedQuantity: input.quantity,
        disposedReason: input.reason,
        disposedAt: new Date(),
      })
      .where(eq(packages.id, pkg.id))
      .returning();
    await tx
      .insert(packageReports)
      .values({
        packageId: pkg.id,
        reporterId: user.id,
        reason: 'disposed',
        note: input.note ? `${input.reason}: ${input.note}` : input.reason,
      })
      .onConflictDoNothing();
    return updated!;
  });
}
