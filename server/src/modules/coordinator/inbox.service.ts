import type {
  AuditList,
  ContactMessageList,
  Report,
  ReportReason,
} from '@almquest/contracts/coordinator';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { type AppDb, isUniqueViolation, queryRows } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { auditLog, contactMessages, packageReports } from '../../db/schema';
import { notFound } from '../../errors';
import { recordAudit } from './audit';

const LIST_LIMIT = 100;
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A party to a package reports it. The same reason twice from the same person changes nothing
 * (answers as the first); the caller has checked that they are a party to the package.
 */
export async function createReport(
  db: AppDb,
  reporter: UserRow,
  packageId: string,
  input: { reason: ReportReason; note?: string | undefined },
): Promise<{ id: string; isNew: boolean }> {
  try {
    const [row] = await db
      .insert(packageReports)
      .values({
        packageId,
        reporterId: reporter.id,
        reason: input.reason,
        note: input.note ?? null,
      })
      .returning({ id: packageReports.id });
    if (!row) throw new Error('report insert returned nothing');
    return { id: row.id, isNew: true };
  } catch (error) {
    if (!isUniqueViolation(error, 'package_reports_once')) throw error;
    const [row] = await db
      .select({ id: packageReports.id })
      .from(packageReports)
      .where(
        and(
          eq(packageReports.packageId, packageId),
          eq(packageReports.reporterId, reporter.id),
          eq(packageReports.reason, input.reason),
        ),
      );
    if (!row) throw error;
    return { id: row.id, isNew: false };
  }
}

type ReportRow = {
  id: string;
  reason: ReportReason;
  note: string | null;
  created_at: Date | string;
  closed_at: Date | string | null;
  reporter_id: string | null;
  reporter_name: string | null;
  package_id: string;
  state: Report['package']['state'];
  quantity: number;
  address: string;
  donor_id: string | null;
  donor_name: string;
  donor_phone: string;
  distributor_id: string | null;
  distributor_name: string | null;
  distributor_phone: string | null;
};

/** Reports, open ones first, newest first, with the package and both parties. */
export async function listReports(db: AppDb): Promise<Report[]> {
  const rows = await queryRows<ReportRow>(
    db,
    sql`select r.id, r.reason, r.note, r.created_at, r.closed_at,
          r.reporter_id, ru.name as reporter_name,
          p.id as package_id, p.state, p.quantity, p.address,
          p.donor_id, coalesce(du.name, p.donor_name) as donor_name,
          coalesce(du.phone, p.donor_phone) as donor_phone,
          p.distributor_id, coalesce(xu.name, p.distributor_name) as distributor_name,
          coalesce(xu.phone, p.distributor_phone) as distributor_phone
        from package_reports r
        join packages p on p.id = r.package_id
        left join users ru on ru.id = r.reporter_id
        left join users du on du.id = p.donor_id
        left join users xu on xu.id = p.distributor_id
        order by r.closed_at is not null, r.created_at desc, r.id
        limit ${LIST_LIMIT}`,
  );
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    note: r.note,
    createdAt: iso(r.created_at),
    closedAt: r.closed_at ? iso(r.closed_at) : null,
    reporter: r.reporter_id ? { id: r.reporter_id, name: r.reporter_name ?? '' } : null,
    package: {
      id: r.package_id,
      state: r.state,
      quantity: r.quantity,
      address: r.address,
      donor: { id: r.donor_id, name: r.donor_name, phone: r.donor_phone },
      distributor: r.distributor_name
        ? { id: r.distributor_id, name: r.distributor_name, phone: r.distributor_phone ?? '' }
        : null,
    },
  }));
}

/** A coordinator has dealt with a report. */
export async function closeReport(
  db: AppDb,
  coordinator: UserRow,
  id: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(packageReports)
      .set({ closedAt: sql`now()` })
      .where(and(eq(packageReports.id, id), isNull(packageReports.closedAt)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: packageReports.id })
        .from(packageReports)
        .where(eq(packageReports.id, id));
      if (!exists) throw notFound('No such report.');
      return; // closed already: closing again changes nothing
    }
    await recordAudit(tx, coordinator, {
      action: 'report.close',
      targetKind: 'report',
      targetId: id,
      reason,
      summary: `${row.reason} report on package ${row.packageId}`,
    });
  });
}

/** Contact messages, newest first, with how their mailing went and whether anyone read them. */
export async function listMessages(db: AppDb): Promise<ContactMessageList> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), contactMessages.id)
    .limit(LIST_LIMIT);
  const [unread] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from contact_messages where read_at is null`,
  );
  return {
    messages: rows.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
      deliveryState: m.deliveryState,
      readAt: m.readAt ? m.readAt.toISOString() : null,
    })),
    unread: unread?.n ?? 0,
  };
}

/** Marks a message read or unread (logged: who read what is part of the record). */
export async function markMessage(
  db: AppDb,
  coordinator: UserRow,
  id: string,
  isRead: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ readAt: isRead ? sql`coalesce(${contactMessages.readAt}, now())` : null })
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id, email: contactMessages.email });
    if (!row) throw notFound('No such message.');
    await recordAudit(tx, coordinator, {
      action: isRead ? 'message.read' : 'message.unread',
      targetKind: 'message',
      targetId: id,
      summary: `from ${row.email}`,
    });
  });
}

/** The audit log, newest first, a page at a time (cursor: the last id seen). */
export async function listAudit(db: AppDb, cursor: number | undefined): Promise<AuditList> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(cursor ? lt(auditLog.id, cursor) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(LIST_LIMIT + 1);
  const page = rows.slice(0, LIST_LIMIT);
  return {
    entries: page.map((e) => ({
      id: e.id,
      actorEmail: e.actorEmail,
      action: e.action,
      targetKind: e.targetKind,
      targetId: e.targetId,
      reason: e.reason,
      summary: e.summary,
      at: e.at.toISOString(),
    })),
    nextCursor: rows.length > LIST_LIMIT ? (page[page.length - 1]?.id ?? null) : null,
  };
}
