import type { ReportReason } from '@almquest/contracts/coordinator';
import type { PackageState } from '@almquest/contracts/packages';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { auditLog } from '../../db/schema';

export type AuditAction =
  | 'package.offer'
  | 'package.cancel'
  | 'person.suspend'
  | 'person.reinstate'
  | 'person.verifyRegistration'
  | 'person.unverifyRegistration'
  | 'report.close'
  | 'message.read'
  | 'message.unread'
  | 'packages.export';

/**
 * What an action concerned, as it is stored: ids, states and codes, never names or sentences (the
 * log shows names as they are when read, and words in the reader's language).
 */
export type StoredAuditDetails = {
  distributorId?: string;
  state?: PackageState;
  was?: PackageState;
  packageIds?: string[];
  reportReason?: ReportReason;
  packageId?: string;
  from?: string;
  to?: string;
  /** The registration number a coordinator checked (a licence number, not a person's data). */
  registrationNumber?: string;
};

/**
 * Writes one coordinator action to the append-only audit log, in the transaction of the action
 * itself: an action is logged exactly when it happened.
 */
export async function recordAudit(
  tx: Tx,
  actor: UserRow,
  entry: {
    action: AuditAction;
    targetKind: 'package' | 'user' | 'message' | 'report';
    targetId: string;
    reason?: string | null;
    details?: StoredAuditDetails;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  });
}
