import { createHash, randomBytes } from 'node:crypto';
import { STANDING_DAYS_SHOWN } from '@almquest/contracts/standing';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { AppDb } from '../../db/client';
import type { PackageRow, UserRow } from '../../db/rows';
import {
  packageEvents,
  packages,
  standingDonationDays,
  standingDonations,
  users,
} from '../../db/schema';
import { occurrencesBetween } from '../standing/recurrence';
import { calendarTexts } from './calendar-texts';

const DAY_MS = 86_400_000;
/** A called-off package stays in the feed this long, marked cancelled, so calendars drop it. */
const CANCELLED_KEPT_MS = 14 * DAY_MS;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new private feed address for the person (decision 041): a random token of 256 bits, stored
 * only as its hash; the old address stops working at once.
 */
export async function newCalendarToken(db: AppDb, user: UserRow): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(users)
    .set({ calendarTokenHash: hashOf(token) })
    .where(eq(users.id, user.id));
  return token;
}

export async function revokeCalendarToken(db: AppDb, user: UserRow): Promise<void> {
  await db.update(users).set({ calendarTokenHash: null }).where(eq(users.id, user.id));
}

/** The person a feed token belongs to (null: no such feed, or revoked). */
export async function calendarOwner(db: AppDb, token: string): Promise<UserRow | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.calendarTokenHash, hashOf(token)), isNull(users.suspendedAt)));
  return user ?? null;
}

type Feed = ReturnType<typeof ical>;

/** A package's event: one UID for its whole life, and a standing day's the same before it is listed. */
function uidOf(pkg: Pick<PackageRow, 'id' | 'standingId' | 'standingDate'>, host: string) {
  return pkg.standingId && pkg.standingDate
    ? `standing-${pkg.standingId}-${pkg.standingDate}@${host}`
    : `package-${pkg.id}@${host}`;
}

/** One package as an event in the viewer's calendar: when to hand over or pick up, and where. */
function addPackage(
  feed: Feed,
  pkg: PackageRow,
  viewer: UserRow,
  { origin, revision }: { origin: string; revision: number },
) {
  const texts = calendarTexts(viewer.locale ?? 'en');
  const isDonor = pkg.donorId === viewer.id;
  const isAccepted = pkg.pairedAt !== null && pkg.meetAddress !== null;
  const counterpart = isDonor ? pkg.distributorName : pkg.donorName;
  const start =
    pkg.standingId && pkg.preparedAt && pkg.preparedAt > pkg.createdAt
      ? pkg.preparedAt
      : isDonor
        ? pkg.createdAt
        : (pkg.pairedAt ?? pkg.createdAt);
  const isCancelled = pkg.state === 'Cancelled' || pkg.state === 'Expired';
  feed.createEvent({
    id: uidOf(pkg, new URL(origin).hostname),
    start,
    end: pkg.readyUntil > start ? pkg.readyUntil : new Date(start.getTime() + 60_000),
    stamp: new Date(),
    sequence: revision,
    summary: (isDonor ? texts.handOver : texts.pickUp)(pkg.quantity),
    location: isAccepted ? pkg.meetAddress : isDonor ? pkg.address : null,
    description: [
      isAccepted && counterpart ? texts.with(counterpart) : texts.waiting,
      pkg.useBy ? texts.useBy(pkg.useBy, viewer.locale ?? 'en') : null,
    ]
      .filter(Boolean)
      .join('\n'),
    url: `${origin}/transaction/${pkg.id}`,
    status: isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/** The events a package's own .ics download holds: that package alone. */
export function packageCalendar(
  pkg: PackageRow,
  viewer: UserRow,
  origin: string,
  revision: number,
) {
  const feed = ical({ name: 'AlmQuest', prodId: { company: 'AlmQuest', product: 'AlmQuest' } });
  feed.method(ICalCalendarMethod.PUBLISH);
  addPackage(feed, pkg, viewer, { origin, revision });
  return withFinalBreak(feed.toString());
}

/**
 * The person's feed: their packages under way (and those called off in the last two weeks,
 * marked cancelled), and, for a donor, their standing donations' days for the next two weeks that
 * are not listed yet. Times are written in UTC; calendars show them in the reader's zone.
 */
export async function personalCalendar(db: AppDb, viewer: UserRow, origin: string) {
  const now = Date.now();
  const texts = calendarTexts(viewer.locale ?? 'en');
  const feed = ical({
    name: texts.name,
    prodId: { company: 'AlmQuest', product: 'AlmQuest' },
    ttl: 60 * 60,
  });
  feed.method(ICalCalendarMethod.PUBLISH);
  const theirs = or(eq(packages.donorId, viewer.id), eq(packages.distributorId, viewer.id));
  const rows = await db
    .select({
      pkg: packages,
      // Qualified by hand: a one-table select names its columns bare, and e has an id too.
      revision: sql<number>`(select count(*)::int from ${packageEvents} e where e.package_id = packages.id)`,
    })
    .from(packages)
    .where(
      and(
        theirs,
        or(
          inArray(packages.state, ['Not Paired', 'Offered', 'Paired', 'Received']),
          and(
            inArray(packages.state, ['Cancelled', 'Expired', 'Distributed']),
            gt(packages.readyUntil, new Date(now - CANCELLED_KEPT_MS)),
          ),
        ),
      ),
    )
    // Those under way first: a feed of many called-off packages never crowds them out.
    .orderBy(
      sql`${packages.state} in ('Cancelled', 'Expired', 'Distributed')`,
      desc(packages.readyUntil),
    )
    .limit(500);
  const host = new URL(origin).hostname;
  const listed = new Set<string>();
  for (const { pkg, revision } of rows) {
    // An offer not yet accepted is not the distributor's to plan around.
    if (pkg.distributorId === viewer.id && pkg.donorId !== viewer.id && pkg.pairedAt === null)
      continue;
    addPackage(feed, pkg, viewer, { origin, revision });
    listed.add(uidOf(pkg, host));
  }
  if (viewer.userType === 'donor') {
    const standing = await db
      .select()
      .from(standingDonations)
      .where(
        and(
          eq(standingDonations.donorId, viewer.id),
          isNull(standingDonations.endedAt),
          isNull(standingDonations.pausedAt),
        ),
      );
    const changes = standing.length
      ? await db
          .select()
          .from(standingDonationDays)
          .where(
            inArray(
              standingDonationDays.standingId,
              standing.map((row) => row.id),
            ),
          )
      : [];
    for (const row of standing) {
      const days = occurrencesBetween(
        row,
        new Date(now),
        new Date(now + STANDING_DAYS_SHOWN * DAY_MS),
      );
      for (const day of days) {
        const uid = `standing-${row.id}-${day.date}@${host}`;
        if (listed.has(uid)) continue;
        const change = changes.find((c) => c.standingId === row.id && c.onDate === day.date);
        // Skipped, or listed and withdrawn: called off in calendars that had it.
        const isOff = change?.isSkipped === true || (change?.listedAt ?? null) !== null;
        feed.createEvent({
          id: uid,
          start: day.readyAt,
          end: new Date(day.readyAt.getTime() + row.windowMinutes * 60_000),
          stamp: new Date(),
          sequence: isOff ? 1 : 0,
          summary: texts.handOver(change?.quantity ?? row.quantity),
          location: row.address,
          description: texts.standingDay,
          url: `${origin}/standing`,
          status: isOff ? ICalEventStatus.CANCELLED : ICalEventStatus.TENTATIVE,
        });
      }
    }
  }
  return withFinalBreak(feed.toString());
}

/** RFC 5545 ends every line, the last one too, with CRLF (ical-generator 10 leaves it off). */
function withFinalBreak(text: string): string {
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
