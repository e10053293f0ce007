import type { PackageEventKind } from '@almquest/contracts/packages';
import type { Tx } from './client';
import { packageEvents } from './schema';

export type NewPackageEvent = {
  packageId: string;
  kind: PackageEventKind;
  distributorId?: string | null;
  reason?: string | null;
};

/** Adds entries to packages' timelines, inside the transaction that makes the change. */
export async function recordEvents(tx: Tx, events: NewPackageEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(packageEvents).values(
    events.map((event) => ({
      packageId: event.packageId,
      kind: event.kind,
      distributorId: event.distributorId ?? null,
      reason: event.reason ?? null,
    })),
  );
}
