import type {
  AuditDetails,
  AuditEntry,
  AuditList,
  ContactMessageList,
  Report,
  ReportList,
  ReportReason,
} from '@almquest/contracts/coordinator';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows, isoOf } from '../../db/client';
import type { PackageRow, UserRow } from '../../db/rows';
import { contactMessages, packageReports, packages } from '../../db/schema';
import { badRequest, conflict, notFound, words } from '../../errors';
import { recordAudit, type StoredAuditDetails } from './audit';
import type { PartiesColumns } from './waiting.service';

const LIST_LIMIT = 100;

/**
 * A party to a package reports it. The same reason twice from the same person changes nothing
 * (answers as the first). The package is read under a shared lock, so it cannot be deleted
 * between the check and the report; who may report is checked on what is read here.
 */
export async function createReport(
  db: AppDb,
  reporter: UserRow,
  packageId: string,
  input: { reason: ReportReason; note?: string | undefined },
  mayReport: (pkg: PackageRow) => void,
): Promise<{ id: string; isNew: boolean }> {
  return db.transaction(async (tx) => {
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, packageId)).for('share');
    if (!pkg) throw notFound('No such package.', words('noSuchPackage'));
    mayReport(pkg);
    // The donor knows what they gave: what they can tell us is that nobody came.
    if (pkg.donorId === reporter.id && input.reason !== 'no_show') {
      throw badRequest(
        'As the donor, you can report a no-show only.',
        { reason: 'As the donor, you can report a no-show only.' },
        words('donorReportsNoShow'),
      );
    }
    if (pkg.donorId === reporter.id && pkg.pairedAt === null) {
      throw conflict(
        'Nobody has accepted this package yet, so nobody can have failed to come.',
        words('nobodyAccepted'),
      );
    }
    const [row] = await tx
      .insert(packageReports)
      .values({
        packageId,
        reporterId: reporter.id,
        reason: input.reason,
        note: input.note ?? null,
      })
      .onConflictDoNothing({
        target: [packageReports.packageId, packageReports.reporterId, packageReports.reason],
      })
      .returning({ id: packageReports.id });
    if (row) return { id: row.id, isNew: true };
    const [first] = await tx
      .select({ id: packageReports.id })
      .from(packageReports)
      .where(
        and(
          eq(packageReports.packageId, packageId),
          eq(packageReports.reporterId, reporter.id),
          eq(packageReports.reason, input.reason),
        ),
      );
    if (!first) throw new Error('report neither inserted nor found');
    return { id: first.id, isNew: false };
  });
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
  donor_disposals: number;
} & PartiesColumns;

/** A row's place in a newest-first list: its time to the microsecond (UTC) and its id. */
const cursorOf = (at: string, id: string) => `${at}_${id}`;
const utcText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
function readCursor(cursor: string): { at: string; id: string } {
  const at = cursor.slice(0, cursor.indexOf('_'));
  return { at, id: cursor.slice(at.length + 1) };
}

/**
 * Reports, open ones first, newest first, with the package and both parties; a page at a time
 * (the cursor is the last report shown, 'o' or 'c' for open or closed first).
 */
export async function listReports(db: AppDb, cursor: string | undefined): Promise<ReportList> {
  const after = cursor ? { isClosed: cursor[0] === 'c', ...readCursor(cursor.slice(1)) } : null;
  const rows = await queryRows<ReportRow & { cursor_at: string }>(
    db,
    sql`select r.id, r.reason, r.note, r.created_at, r.closed_at, ${utcText(sql`r.created_at`)} as cursor_at,
          r.reporter_id, ru.name as reporter_name,
          p.id as package_id, p.state, p.quantity, p.address,
          p.donor_id, coalesce(du.name, p.donor_name) as donor_name,
          coalesce(du.phone, p.donor_phone) as donor_phone,
          p.distributor_id, coalesce(xu.name, p.distributor_name) as distributor_name,
          coalesce(xu.phone, p.distributor_phone) as distributor_phone,
          -- Food from this donor disposed of as unfit in the last 30 days (decision 042).
          case when r.reason = 'disposed' and p.donor_id is not null then
            (select count(*)::int from packages d
              where d.donor_id = p.donor_id and d.disposed_quantity is not null
                and d.disposed_at > now() - interval '30 days')
          else 0 end as donor_disposals
        from package_reports r
        join packages p on p.id = r.package_id
        left join users ru on ru.id = r.reporter_id
        left join users du on du.id = p.donor_id
        left join users xu on xu.id = p.distributor_id
        ${
          after
            ? sql`where (r.closed_at is not null) > ${after.isClosed}
                or ((r.closed_at is not null) = ${after.isClosed}
                    and (r.created_at < ${after.at}::timestamptz
                         or (r.created_at = ${after.at}::timestamptz and r.id > ${after.id}::uuid)))`
            : sql``
        }
        order by r.closed_at is not null, r.created_at desc, r.id
        limit ${LIST_LIMIT + 1}`,
  );
  const page = rows.slice(0, LIST_LIMIT);
  const last = page[page.length - 1];
  return {
    reports: page.map(presentReport),
    nextCursor:
      rows.length > LIST_LIMIT && last
        ? `${last.closed_at ? 'c' : 'o'}${cursorOf(last.cursor_at, last.id)}`
        : null,
  };
}

function presentReport(r: ReportRow): Report {
  return {
    id: r.id,
    reason: r.reason,
    note: r.note,
    createdAt: isoOf(r.created_at),
    closedAt: r.closed_at ? isoOf(r.closed_at) : null,
    reporter: r.reporter_id ? { id: r.reporter_id, name: r.reporter_name ?? '' } : null,
    donorDisposals: r.donor_disposals,
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
  };
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
      if (!exists) throw notFound('No such report.', words('noSuchReport'));
      return; // closed already: closing again changes nothing
    }
    await recordAudit(tx, coordinator, {
      action: 'report.close',
      targetKind: 'report',
      targetId: id,
      reason,
      details: { reportReason: row.reason, packageId: row.packageId },
    });
  });
}

/** Contact messages, newest first, with how their mailing went and whether anyone read them. */
export async function listMessages(
  db: AppDb,
  cursor: string | undefined,
): Promise<ContactMessageList> {
  const after = cursor ? readCursor(cursor) : null;
  const rows = await db
    .select({ message: contactMessages, cursorAt: utcText(sql`${contactMessages.createdAt}`) })
    .from(contactMessages)
    .where(
      after
        ? sql`${contactMessages.createdAt} < ${after.at}::timestamptz
            or (${contactMessages.createdAt} = ${after.at}::timestamptz and ${contactMessages.id} > ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(contactMessages.createdAt), contactMessages.id)
    .limit(LIST_LIMIT + 1);
  const [unread] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from contact_messages where read_at is null`,
  );
  const page = rows.slice(0, LIST_LIMIT);
  const last = page[page.length - 1];
  return {
    messages: page.map(({ message: m }) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
      deliveryState: m.deliveryState,
      readAt: m.readAt ? m.readAt.toISOString() : null,
    })),
    unread: unread?.n ?? 0,
    nextCursor:
      rows.length > LIST_LIMIT && last ? cursorOf(String(last.cursorAt), last.message.id) : null,
  };
}

/**
 * Marks a message read or unread. A change is logged (who read what is part of the record);
 * marking it as it already is changes nothing and logs nothing.
 */
export async function markMessage(
  db: AppDb,
  coordinator: UserRow,
  id: string,
  isRead: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ readAt: isRead ? sql`now()` : null })
      .where(
        and(
          eq(contactMessages.id, id),
          isRead ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt),
        ),
      )
      .returning({ id: contactMessages.id });
    if (!row) {
      const [exists] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.id, id));
      if (!exists) throw notFound('No such message.', words('noSuchMessage'));
      return;
    }
    await recordAudit(tx, coordinator, {
      action: isRead ? 'message.read' : 'message.unread',
      targetKind: 'message',
      targetId: id,
    });
  });
}

/** Stored facts as the console shows them: names as they are now, counts instead of id lists. */
function presentDetails(stored: StoredAuditDetails, distributorName: string | null): AuditDetails {
  return {
    ...(stored.distributorId ? { distributorName } : {}),
    ...(stored.state ? { state: stored.state } : {}),
    ...(stored.was ? { was: stored.was } : {}),
    ...(stored.packageIds ? { openPackages: stored.packageIds.length } : {}),
    ...(stored.reportReason ? { reportReason: stored.reportReason } : {}),
    ...(stored.from ? { from: stored.from, to: stored.to } : {}),
  };
}

/**
 * The audit log, newest first, a page at a time (cursor: the last id seen). The log holds ids,
 * not names: what each target is called is read now, so a deleted person's name is gone from it.
 */
const targetUuid = (kind: AuditEntry['targetKind']) =>
  // CASE first: an export's target is '*' (all packages), which is no uuid.
  sql.raw(
    `(case when a.target_kind = '${kind}' and a.target_id <> '*' then a.target_id::uuid end)`,
  );

export async function listAudit(db: AppDb, cursor: number | undefined): Promise<AuditList> {
  const rows = await queryRows<{
    id: number;
    actor_email: string;
    action: string;
    target_kind: AuditEntry['targetKind'];
    target_id: string;
    reason: string | null;
    summary: string | null;
    details: StoredAuditDetails | null;
    at: Date | string;
    person: string | null;
    package_quantity: number | null;
    package_address: string | null;
    message_from: string | null;
    distributor_name: string | null;
  }>(
    db,
    sql`select a.id, a.actor_email, a.action, a.target_kind, a.target_id, a.reason, a.summary,
          a.details, a.at, u.name as person,
          p.quantity as package_quantity, p.address as package_address,
          m.name || ' <' || m.email || '>' as message_from, x.name as distributor_name
        from audit_log a
        left join users u on u.id = ${targetUuid('user')}
        left join package_reports r on r.id = ${targetUuid('report')}
        -- A package, or the one a report is about.
        left join packages p on p.id = coalesce(${targetUuid('package')}, r.package_id)
        left join contact_messages m on m.id = ${targetUuid('message')}
        left join users x on x.id = (a.details->>'distributorId')::uuid
        ${cursor ? sql`where a.id < ${cursor}` : sql``}
        order by a.id desc
        limit ${LIST_LIMIT + 1}`,
  );
  const page = rows.slice(0, LIST_LIMIT);
  const last = page[page.length - 1];
  return {
    entries: page.map((e) => ({
      id: Number(e.id),
      actorEmail: e.actor_email,
      action: e.action,
      targetKind: e.target_kind,
      targetId: e.target_id,
      reason: e.reason,
      summary: e.summary,
      details: e.details && presentDetails(e.details, e.distributor_name),
      targetName: e.person ?? e.message_from,
      targetPackage:
        e.package_quantity !== null
          ? { quantity: e.package_quantity, address: e.package_address ?? '' }
          : null,
      at: isoOf(e.at),
    })),
    nextCursor: rows.length > LIST_LIMIT && last ? Number(last.id) : null,
  };
}
