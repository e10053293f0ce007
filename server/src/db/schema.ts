import {
  DELIVERY_CHANNELS,
  PROVIDER_STATUSES,
  REPORT_REASONS,
} from '@almquest/contracts/coordinator';
import { LOCALES } from '@almquest/contracts/locales';
import { NOTIFICATION_KINDS } from '@almquest/contracts/notifications';
import {
  DIETS,
  FOOD_KINDS,
  PACKAGE_EVENT_KINDS,
  PACKAGE_STATES,
} from '@almquest/contracts/packages';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A CHECK that a text column holds one of a fixed list (the lists are ours), as one array
 * constant: PostgreSQL reads every CHECK of a table from its stored form at each statement that
 * writes the table, and `in ('a', 'b', ...)` is stored as one node per value (the
 * lists cost a match 30 us).
 */
const isOneOf = (column: AnyPgColumn, values: readonly string[]) => {
  const items = values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return sql`${column} = any (${sql.raw(`'{${items.join(',').replaceAll("'", "''")}}'`)}::text[])`;
};

/**
 * A point on earthdistance's sphere (what ll_to_earth answers), stored so that a GiST index on
 * it answers nearest-first without computing ll_to_earth for every row it visits (
 * the expression indexes cost a few times more per probe). Read only in SQL.
 */
const earthPoint = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * earthdistance's ll_to_earth(lat, lng), written out: the same arithmetic on its sphere of
 * 6378168 m, with nothing left to the search path (ll_to_earth's own body names earth() and its
 * domain unqualified, so a pg_dump, which restores with an empty search path, could not recreate
 * a column computed by it, as an attacker found). The cube extension lives in public.
 */
function earthSql(lat: string, lng: string) {
  const r = 'radians';
  return sql.raw(
    `public.cube(public.cube(public.cube(6378168::float8 * cos(${r}(${lat})) * cos(${r}(${lng}))), ` +
      `6378168::float8 * cos(${r}(${lat})) * sin(${r}(${lng}))), 6378168::float8 * sin(${r}(${lat})))`,
  );
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Everyone who has signed in. A row is made at the first sign-in; `user_type` stays null until the
 * person registers as a donor or a distributor (SPEC: isRegistered).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    picture: text('picture'),
    userType: text('user_type', { enum: ['donor', 'distributor'] }),
    /** The language the person reads AlmQuest in, null until they choose or sign in. */
    locale: text('locale', { enum: LOCALES }),
    /**
     * How the person wants to hear of what happens: offers (someone asks them to pick
     * up) and updates (everything else), each by push on their devices and by e-mail.
     */
    pushOffers: boolean('push_offers').notNull().default(true),
    pushUpdates: boolean('push_updates').notNull().default(true),
    emailOffers: boolean('email_offers').notNull().default(false),
    emailUpdates: boolean('email_updates').notNull().default(false),
    phone: text('phone'),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /**
     * The centre of the 0.01-degree cell (about 1.1 km) around lat/lng. Matching measures a
     * distributor's reach from here, never from their home, so nothing a donor can observe
     * (who was paired, the meet point) narrows the home down past this cell (decision 003).
     */
    areaLat: doublePrecision('area_lat').generatedAlwaysAs(
      sql`least((floor(lat * 100) + 0.5) / 100, 90)`,
    ),
    areaLng: doublePrecision('area_lng').generatedAlwaysAs(sql`(floor(lng * 100) + 0.5) / 100`),
    /** The area's centre on earthdistance's sphere, as matching's GiST index holds it. */
    areaEarth: earthPoint('area_earth').generatedAlwaysAs(
      earthSql('least((floor(lat * 100) + 0.5) / 100, 90)', '(floor(lng * 100) + 0.5) / 100'),
    ),
    /**
     * Set while a coordinator has suspended the person: they cannot sign in, donate
     * or be offered packages; null again once reinstated.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    /**
     * SHA-256 of the person's private calendar feed token (decision 041): the feed is
     * /api/calendar/<token>.ics; a new token revokes the old one, null: no feed.
     */
    calendarTokenHash: text('calendar_token_hash'),
    /**
     * The privacy notice version the person last accepted, and when (decision 043); null: never
     * (an account from before notices). Each acceptance is also kept in consent_receipts.
     */
    privacyNotice: text('privacy_notice'),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    /** The person's last sign-in: an account unused for DORMANT_DAYS is warned, then erased. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the dormant account was warned it will be erased; null again at the next sign-in. */
    dormantWarnedAt: timestamp('dormant_warned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_calendar_token_hash')
      .on(t.calendarTokenHash)
      .where(sql`${t.calendarTokenHash} is not null`),
    check('users_lat_range', sql`${t.lat} between -90 and 90`),
    check('users_lng_range', sql`${t.lng} between -180 and 180`),
    check('users_locale', sql`${t.locale} is null or ${isOneOf(t.locale, LOCALES)}`),
    // Candidates for matching come from this index (nearest-first), never a scan.
    index('users_distributor_area_gist')
      .using('gist', t.areaEarth)
      .where(sql`${t.userType} = 'distributor' and ${t.lat} is not null`),
  ],
);

export const donors = pgTable(
  'donors',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    donorType: text('donor_type', { enum: ['Individual', 'Organisation', 'Food Chain'] })
      .notNull()
      .default('Individual'),
    distanceRange: doublePrecision('distance_range').notNull(),
    lifetimeDonation: integer('lifetime_donation').notNull().default(0),
    /** The business's FSSAI licence or registration number (14 digits), as they gave it. */
    fssaiNumber: text('fssai_number'),
    /** When a coordinator checked it (cleared when the number changes). */
    fssaiVerifiedAt: timestamp('fssai_verified_at', { withTimezone: true }),
  },
  (t) => [
    check('donors_distance_range', sql`${t.distanceRange} >= 0`),
    check('donors_lifetime_donation', sql`${t.lifetimeDonation} >= 0`),
  ],
);

export const distributors = pgTable(
  'distributors',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    distanceRange: doublePrecision('distance_range').notNull(),
    maxCapacity: integer('max_capacity').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    totalPackagesDistributed: integer('total_packages_distributed').notNull().default(0),
    /** Meals of this distributor's Offered, Paired and Received packages; kept with the state. */
    openLoad: integer('open_load').notNull().default(0),
    /** When the distributor was last given a package; the longest idle wins a tie. */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    /** Offers become pairings at once (SPEC's flow); off, each offer waits for their answer. */
    autoAccept: boolean('auto_accept').notNull().default(true),
    /** Takes vegetarian food only: never offered non-veg or egg. */
    vegOnly: boolean('veg_only').notNull().default(false),
    /** An NGO's registration (NGO Darpan id, or its FSSAI registration), as they gave it. */
    registrationNumber: text('registration_number'),
    /** When a coordinator checked it (cleared when the number changes). */
    registrationVerifiedAt: timestamp('registration_verified_at', { withTimezone: true }),
    /**
     * The distributor's record (decision 034): offers they let lapse, pick-ups they held until
     * the food expired, and packages they collected. The reliable dispatch policy ranks by it,
     * and asks first, even with autoAccept, anyone who has missed more pick-ups than collected.
     */
    offersLapsed: integer('offers_lapsed').notNull().default(0),
    pickupsMissed: integer('pickups_missed').notNull().default(0),
    pickupsCollected: integer('pickups_collected').notNull().default(0),
    /**
     * Copies of the person's users.lat, lng, area_lat, area_lng, area_earth and suspended_at,
     * kept by the database (db/functions/almquest_distributor_copies.sql and
     * almquest_user_copies.sql; never written by the app): matching walks this table's own
     * index of areas and reads everything it ranks by from one row.
     * users stays the record; a claim checks it. Plain columns, not generated: PostgreSQL 15
     * computes generated columns again on every update, and this row is updated at every claim.
     */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    areaLat: doublePrecision('area_lat'),
    areaLng: doublePrecision('area_lng'),
    areaEarth: earthPoint('area_earth'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (t) => [
    check('distributors_distance_range', sql`${t.distanceRange} >= 0`),
    check('distributors_max_capacity', sql`${t.maxCapacity} > 0`),
    check('distributors_open_load', sql`${t.openLoad} >= 0 and ${t.openLoad} <= ${t.maxCapacity}`),
    // The largest range in use bounds an explanation's search box: read from
    // the end of this index, not by a scan.
    index('distributors_distance_range').on(t.distanceRange),
    // Matching's walk, nearest first (db/functions/almquest_walk.sql).
    index('distributors_area_gist')
      .using('gist', t.areaEarth)
      .where(sql`${t.lat} is not null`),
  ],
);

/**
 * A standing donation (decision 041): the same food at the same time on chosen days (India's
 * time). The standing-donations job lists each day's package a little ahead of its time.
 */
export const standingDonations = pgTable(
  'standing_donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donorId: uuid('donor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The recurrence as RFC 5545 says it (FREQ=WEEKLY;BYDAY=MO,WE), from its first day. */
    rule: text('rule').notNull(),
    /** When the food is ready each day, "HH:MM" in timeZone. */
    readyAt: text('ready_at').notNull(),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    windowMinutes: integer('window_minutes').notNull(),
    quantity: integer('quantity').notNull(),
    travelCapacity: doublePrecision('travel_capacity').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    diet: text('diet', { enum: DIETS }).notNull(),
    foodKind: text('food_kind', { enum: FOOD_KINDS }).notNull(),
    allowSplit: boolean('allow_split').notNull().default(false),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('standing_donations_quantity', sql`${t.quantity} > 0`),
    check('standing_donations_window', sql`${t.windowMinutes} > 0`),
    check('standing_donations_ready_at', sql`${t.readyAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('standing_donations_donor').on(t.donorId),
    // The job reads the ones still going.
    index('standing_donations_going')
      .on(t.id)
      .where(sql`${t.endedAt} is null and ${t.pausedAt} is null`),
  ],
);

/**
 * One day of a standing donation: skipped, or another quantity, and when the job listed its
 * package (each day is listed once: a package withdrawn is not listed again).
 */
export const standingDonationDays = pgTable(
  'standing_donation_days',
  {
    standingId: uuid('standing_id')
      .notNull()
      .references(() => standingDonations.id, { onDelete: 'cascade' }),
    onDate: date('on_date').notNull(),
    isSkipped: boolean('is_skipped').notNull().default(false),
    quantity: integer('quantity'),
    listedAt: timestamp('listed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.standingId, t.onDate] }),
    check('standing_donation_days_quantity', sql`${t.quantity} is null or ${t.quantity} > 0`),
  ],
);

/**
 * A distributor who takes a standing donation every day: each day's package is given to them
 * first, paired without an offer (db/functions/almquest_claim_row.sql), while they have room.
 */
export const standingPickups = pgTable('standing_pickups', {
  standingId: uuid('standing_id')
    .primaryKey()
    .references(() => standingDonations.id, { onDelete: 'cascade' }),
  distributorId: uuid('distributor_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * A distributor the donor stopped from taking their standing donation every day: they may not
 * take it every day again (the donor's choice outlasts the distributor's).
 */
export const standingPickupStops = pgTable(
  'standing_pickup_stops',
  {
    standingId: uuid('standing_id')
      .notNull()
      .references(() => standingDonations.id, { onDelete: 'cascade' }),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.standingId, t.distributorId] })],
);

/**
 * A big donation split across distributors: each part is a package of its own with
 * this group's id; `quantity` is the whole donation, which the parts add up to.
 */
export const donationGroups = pgTable(
  'donation_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donorId: uuid('donor_id').references(() => users.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('donation_groups_quantity', sql`${t.quantity} > 0`),
    index('donation_groups_donor').on(t.donorId),
  ],
);

export const packageStates = PACKAGE_STATES;
export const diets = DIETS;

export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the donor has deleted their account (finished and handed-over packages outlive it). */
    donorId: uuid('donor_id').references(() => users.id, { onDelete: 'set null' }),
    donorName: text('donor_name').notNull(),
    donorPhone: text('donor_phone').notNull(),
    state: text('state', { enum: packageStates }).notNull().default('Not Paired'),
    createdAt: createdAt(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    quantity: integer('quantity').notNull(),
    travelCapacity: doublePrecision('travel_capacity').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** Null while Not Paired, and once the distributor of a Distributed package deleted their account. */
    distributorId: uuid('distributor_id').references(() => users.id, { onDelete: 'set null' }),
    distributorName: text('distributor_name'),
    distributorPhone: text('distributor_phone'),
    distributorAddress: text('distributor_address'),
    distributorLat: doublePrecision('distributor_lat'),
    distributorLng: doublePrecision('distributor_lng'),
    meetAddress: text('meet_address'),
    meetLat: doublePrecision('meet_lat'),
    meetLng: doublePrecision('meet_lng'),
    distributorPath: text('distributor_path'),
    donorPath: text('donor_path'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    distributedAt: timestamp('distributed_at', { withTimezone: true }),
    /** The food must be picked up by then, or the package expires. */
    readyUntil: timestamp('ready_until', { withTimezone: true }).notNull(),
    diet: text('diet', { enum: DIETS }).notNull().default('veg'),
    /** While Offered: when the offer lapses if the distributor has not answered. */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** Halfway through the window: when a donor still waiting is told (once: warnedAt). */
    warnAt: timestamp('warn_at', { withTimezone: true }).notNull(),
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    /**
     * When it was raised to coordinators as at risk: a third of its window left and nobody had
     * accepted it (lifecycle/changes.ts raiseAtRisk). Once, like warnedAt.
     */
    raisedAt: timestamp('raised_at', { withTimezone: true }),
    /**
     * While Paired: when the distributor said they set out for the meet point. Under the reliable
     * dispatch, a package nobody said this of in time goes to someone else (decision 044).
     */
    onWayAt: timestamp('on_way_at', { withTimezone: true }),
    /**
     * While Paired under the reliable dispatch: by when the distributor must have said they are on
     * their way, or it goes to someone else (almquest_check_in_by); null when nothing is asked.
     */
    checkInBy: timestamp('check_in_by', { withTimezone: true }),
    /** Four digits the donor shows at the handover; the distributor enters them for Received. */
    handoverCode: text('handover_code'),
    handoverFailures: integer('handover_failures').notNull().default(0),
    handoverLockedUntil: timestamp('handover_locked_until', { withTimezone: true }),
    /** How many people the distributor says were served (at Distributed, optional). */
    servedCount: integer('served_count'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /**
     * The district of the place nearest the pickup point (cities reached), set by a
     * trigger when the package is written; null when no place is known within 50 km.
     */
    city: text('city'),
    /** The donation this package is a part of, when it was split. */
    groupId: uuid('group_id').references(() => donationGroups.id, { onDelete: 'set null' }),
    /** The standing donation this is one day of, and that day (India's date). */
    standingId: uuid('standing_id').references(() => standingDonations.id, {
      onDelete: 'set null',
    }),
    standingDate: date('standing_date'),
    /** The donor allows splitting it across distributors when no one has room for all of it. */
    allowSplit: boolean('allow_split').notNull().default(false),
    /** What the food is (decision 040); null for a donation that did not say. */
    foodKind: text('food_kind', { enum: FOOD_KINDS }),
    /** Cooked food: when it was prepared. */
    preparedAt: timestamp('prepared_at', { withTimezone: true }),
    /** The donor's FSSAI number was verified when they donated it (meals from licensed sources). */
    donorLicensed: boolean('donor_licensed').notNull().default(false),
    /**
     * What the distributor confirmed at Received (decision 042): packed and covered, at its
     * temperature class, within its time.
     */
    handoverCheck: jsonb('handover_check').$type<{
      packed: boolean;
      temperature: boolean;
      inTime: boolean;
    }>(),
    /** Meals the distributor recorded as unfit and disposed of, why, and when. */
    disposedQuantity: integer('disposed_quantity'),
    disposedReason: text('disposed_reason'),
    disposedAt: timestamp('disposed_at', { withTimezone: true }),
    /** When the food must be eaten or given out by (contracts foodUseBy); null: its label says. */
    useBy: timestamp('use_by', { withTimezone: true }),
    /**
     * When the retention job blanked both sides' names, phones, addresses and directions on this
     * finished package (CONTACT_RETENTION_DAYS after it ended; decision 043).
     */
    contactHiddenAt: timestamp('contact_hidden_at', { withTimezone: true }),
  },
  (t) => [
    check('packages_quantity', sql`${t.quantity} > 0`),
    check(
      'packages_disposed',
      sql`${t.disposedQuantity} is null or (${t.disposedQuantity} > 0 and ${t.disposedQuantity} <= ${t.quantity})`,
    ),
    // The impact page's two sums read only these (index-only).
    index('packages_licensed_distributed')
      .on(t.quantity)
      .where(sql`${t.state} = 'Distributed' and ${t.donorLicensed}`),
    index('packages_disposed_by_donor')
      .on(t.donorId, t.disposedAt)
      .where(sql`${t.disposedQuantity} is not null`),
    // One package a day of a standing donation (its first part, when split: parts carry no day).
    uniqueIndex('packages_standing_day')
      .on(t.standingId, t.standingDate)
      .where(sql`${t.standingDate} is not null`),
    check('packages_food_kind', sql`${t.foodKind} is null or ${isOneOf(t.foodKind, FOOD_KINDS)}`),
    check(
      'packages_prepared_at',
      sql`(${t.preparedAt} is not null) = (${t.foodKind} is not null and ${t.foodKind} in ('cookedHot', 'cookedChilled'))`,
    ),
    index('packages_group')
      .on(t.groupId)
      .where(sql`${t.groupId} is not null`),
    check('packages_state', isOneOf(t.state, PACKAGE_STATES)),
    check('packages_diet', isOneOf(t.diet, DIETS)),
    check('packages_travel_capacity', sql`${t.travelCapacity} >= 0`),
    check(
      'packages_pairing',
      sql`case ${t.state} when 'Not Paired' then ${t.distributorId} is null and ${t.distributorName} is null when 'Distributed' then ${t.distributorName} is not null when 'Cancelled' then true when 'Expired' then true else ${t.distributorId} is not null end`,
    ),
    check('packages_offer', sql`(${t.state} = 'Offered') = (${t.offerExpiresAt} is not null)`),
    check('packages_served_count', sql`${t.servedCount} is null or ${t.servedCount} > 0`),
    uniqueIndex('packages_donor_idempotency_key')
      .on(t.donorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // A person's list pages, newest first: the index gives the whole order (created_at, then id),
    // so a page is read in index order with no sort of the person's other packages.
    // NULLS FIRST, as ORDER BY ... DESC means: an index in any other order cannot give the order,
    // and the planner walked every package newest first instead (1M packages: 37 ms a page).
    index('packages_donor_created_id').on(
      t.donorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('packages_distributor_created_id')
      .on(t.distributorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.distributorId} is not null`),
    // Who holds what now: matching counts a distributor's paired packages (almquest_claim_row).
    index('packages_paired_distributor')
      .on(t.distributorId)
      .where(sql`${t.state} = 'Paired'`),
    index('packages_unpaired_created')
      .on(t.createdAt)
      .where(sql`${t.state} = 'Not Paired'`),
    // Re-matching finds the waiting packages a distributor can reach from this index. The point
    // is almquest_earth_point, not ll_to_earth: the latter is a SQL function the planner cannot
    // inline, parsed and planned again for every row a donation writes.
    index('packages_unpaired_location_gist')
      .using('gist', sql`almquest_earth_point(${t.lat}, ${t.lng})`)
      .where(sql`${t.state} = 'Not Paired'`),
    // The deadline sweeper reads each of its deadlines from its own small index.
    index('packages_offer_deadline')
      .on(t.offerExpiresAt)
      .where(sql`${t.state} = 'Offered'`),
    index('packages_pickup_deadline')
      .on(t.readyUntil)
      .where(sql`${t.state} in ('Not Paired', 'Offered', 'Paired')`),
    // Exports by date range (the coordinator's CSV) walk this index.
    index('packages_created').on(t.createdAt, t.id),
    index('packages_warn_deadline')
      .on(t.warnAt)
      .where(sql`${t.state} in ('Not Paired', 'Offered') and ${t.warnedAt} is null`),
    // Paired packages whose distributor has not yet said they are on their way (the check-in).
    index('packages_check_in_deadline')
      .on(t.checkInBy)
      .where(sql`${t.state} = 'Paired' and ${t.onWayAt} is null and ${t.checkInBy} is not null`),
    // Packages that may still be raised as at risk; when is reckoned from the pick-up time.
    index('packages_risk_deadline')
      .on(t.readyUntil)
      .where(sql`${t.state} in ('Not Paired', 'Offered') and ${t.raisedAt} is null`),
  ],
);

/**
 * What happened to a package, in order: written in the same transaction as each change, so the
 * timeline never disagrees with the state. `distributorId` names the distributor an offer,
 * answer or pairing concerns; a distributor who declined, let an offer lapse or released the
 * package is not offered it again.
 */
export const packageEvents = pgTable(
  'package_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PACKAGE_EVENT_KINDS }).notNull(),
    distributorId: uuid('distributor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('package_events_package').on(t.packageId, t.id),
    // Who turned a package down: matching reads it once per look, by package (and by each part of
    // a split donation), in a plan made once per connection.
    index('package_events_turned_down')
      .on(t.packageId, t.distributorId)
      .where(sql`${t.kind} in ('declined', 'lapsed', 'released', 'reclaimed', 'takenBack')`),
    check('package_events_kind', isOneOf(t.kind, PACKAGE_EVENT_KINDS)),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    /**
     * Ever increasing, and never shown: it orders a person's notifications and the live events
     * a reconnect missed. Outside the server a notification is known by publicId alone, since a
     * sequence shown to people would tell them how busy the platform is.
     */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The notification's id in the API, in links and as the live event's id. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    photo: text('photo'),
    state: text('state', { enum: packageStates }).notNull(),
    /** Whom it is for: a package's donor or distributor, or a coordinator (an alert). */
    userType: text('user_type', { enum: ['Donor', 'Distributor', 'Coordinator'] }).notNull(),
    /** What happened, as a kind: each reader's client says it in their language. */
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** Which package, in words a person recognises: how many meals, where, when donated. */
    packageQuantity: integer('package_quantity'),
    packageAddress: text('package_address'),
    packageDonatedAt: timestamp('package_donated_at', { withTimezone: true }),
    /** The other side's name when there is one (the distributor for a donor, and back). */
    counterpartName: text('counterpart_name'),
    /**
     * To a donor, about a part of a split donation: the donation and its meals, so
     * "60 meals" reads as part of the 200 given. Never on a distributor's notification. No
     * foreign key: a donation withdrawn whole leaves its link answering "No such donation", and
     * deleting a group needs no scan of every notification.
     */
    donationId: uuid('donation_id'),
    donationQuantity: integer('donation_quantity'),
    isSeen: boolean('is_seen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('notifications_kind', isOneOf(t.kind, NOTIFICATION_KINDS)),
    check('notifications_state', isOneOf(t.state, PACKAGE_STATES)),
    index('notifications_user_id').on(t.userId, t.id.desc()),
    uniqueIndex('notifications_public_id').on(t.publicId),
    index('notifications_user_unseen')
      .on(t.userId)
      .where(sql`not ${t.isSeen}`),
  ],
);

/**
 * A phone channel a person turned on (WhatsApp now; SMS next), decision 039: the number it goes
 * to, proven by a one-time code sent on that channel, and whether the person stopped it (STOP
 * from the phone, or the profile's switch). Nothing is sent on a channel that is not verified or
 * is stopped. The code is kept as a hash, for fifteen minutes and five tries.
 */
export const messagingChannels = pgTable(
  'messaging_channels',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    /** E.164, as the providers take it: +91 and ten digits. */
    phone: text('phone').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeTries: integer('code_tries').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * When the person last proved `phone` with a code. Unlike verified_at it outlives a new code
     * asked for the same number (turning the channel on again after STOP); a new number voids it.
     */
    provenAt: timestamp('proven_at', { withTimezone: true }),
    /** When the person stopped the channel (the consent withdrawn); null while it may be used. */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /** Who stopped it: the person from the phone (STOP), or in the profile. */
    optedOutVia: text('opted_out_via', { enum: ['phone', 'profile'] }),
    /** Offers (and a coordinator's alerts) always come once the channel is on; updates if this. */
    updates: boolean('updates').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channel] }),
    check('messaging_channels_channel', isOneOf(t.channel, ['whatsapp', 'sms'])),
    check('messaging_channels_phone', sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    check(
      'messaging_channels_opted_out',
      sql`(${t.optedOutAt} is null) = (${t.optedOutVia} is null)`,
    ),
    check(
      'messaging_channels_opted_out_via',
      sql`${t.optedOutVia} is null or ${isOneOf(t.optedOutVia, ['phone', 'profile'])}`,
    ),
    // A STOP from a phone finds its channel by number.
    index('messaging_channels_phone_index').on(t.channel, t.phone),
  ],
);

/**
 * Messages a provider's webhook brought in, by the provider's id: each is acted on once, however
 * often the provider sends it again (Meta retries a webhook it thinks failed).
 */
export const messagingInbound = pgTable('messaging_inbound', {
  providerMessageId: text('provider_message_id').primaryKey(),
  channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Numbers whose owner sent STOP, whether or not any account had proven them (decision 039): no
 * code goes to them from an account that has not proven the number before, until START.
 */
export const messagingNumberStops = pgTable(
  'messaging_number_stops',
  {
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    phone: text('phone').notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.phone] })],
);

/**
 * Messages sent outside the outbox (a code, a reply to a person's message), counted with the
 * outbox's attempts against a channel's per-minute budget. Kept an hour.
 */
export const messagingDirectSends = pgTable(
  'messaging_direct_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messaging_direct_sends_at').on(t.channel, t.sentAt)],
);

/**
 * A browser's Web Push subscription: where its push service takes messages and the
 * keys that encrypt them for that browser only. A person may have several devices; an endpoint
 * belongs to whoever subscribed it last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushSubscription gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user_id').on(t.userId),
  ],
);

/**
 * What still has to go out for a notification, one row per push device or e-mail: an outbox.
 * Rows are written by a trigger in the same transaction as the notification,
 * so no code path can forget them and a crash after commit loses none; a background worker
 * leases due rows, sends them and retries failures with back-off.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull(),
    subscriptionId: uuid('subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'cascade',
    }),
    /** dropped: no longer worth sending (an offer that ended first, mail no longer set up). */
    state: text('state', { enum: ['pending', 'sent', 'failed', 'dropped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** When it was last handed to a sender: a channel's per-minute budget counts these. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** WhatsApp's (or the SMS provider's) id for the message sent, for its status callbacks. */
    providerMessageId: text('provider_message_id'),
    /** The furthest the provider reported: sent, delivered, read; or failed. */
    providerStatus: text('provider_status', { enum: PROVIDER_STATUSES }),
    providerStatusAt: timestamp('provider_status_at', { withTimezone: true }),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check('notification_deliveries_channel', isOneOf(t.channel, DELIVERY_CHANNELS)),
    check(
      'notification_deliveries_provider_status',
      sql`${t.providerStatus} is null or ${isOneOf(t.providerStatus, PROVIDER_STATUSES)}`,
    ),
    uniqueIndex('notification_deliveries_provider_message_id')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // The per-minute budget of a phone channel counts its recent attempts.
    index('notification_deliveries_phone_attempts')
      .on(t.channel, t.lastAttemptAt)
      .where(sql`${t.channel} in ('whatsapp', 'sms')`),
    check(
      'notification_deliveries_state',
      isOneOf(t.state, ['pending', 'sent', 'failed', 'dropped']),
    ),
    check(
      'notification_deliveries_push_device',
      sql`(${t.channel} = 'push') = (${t.subscriptionId} is not null)`,
    ),
    index('notification_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('notification_deliveries_done')
      .on(t.doneAt)
      .where(sql`${t.state} <> 'pending'`),
    index('notification_deliveries_notification_id').on(t.notificationId),
    // Only push deliveries have a device; an e-mail's row stays out of the index.
    index('notification_deliveries_subscription_id')
      .on(t.subscriptionId)
      .where(sql`${t.subscriptionId} is not null`),
  ],
);

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored here. */
/**
 * Each time a person accepted a privacy notice: the version, the language it was read in, the
 * 18-or-over confirmation and the time (DPDP Act s.6(10): consent must be provable). Goes with
 * the account.
 */
export const consentReceipts = pgTable(
  'consent_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notice: text('notice').notNull(),
    locale: text('locale'),
    isAdult: boolean('is_adult').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_receipts_user').on(t.userId, t.acceptedAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at').on(t.expiresAt), index('sessions_user_id').on(t.userId)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** When a coordinator marked the message read; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    deliveryState: text('delivery_state', { enum: ['stored', 'sent', 'failed'] })
      .notNull()
      .default('stored'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_created').on(t.createdAt.desc(), t.id),
    index('contact_messages_pending')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveryState} <> 'sent'`),
  ],
);

/** A sign-in under way: the PKCE verifier, state and nonce, kept until the provider answers. */
export const authRequests = pgTable(
  'auth_requests',
  {
    id: text('id').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull().default('/'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_requests_expires_at').on(t.expiresAt)],
);

/** Indian postal localities, for place search and for naming a meet point. */
export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** The name folded for fuzzy search (see places/search-key.ts). */
    searchKey: text('search_key').notNull(),
    /** A postal locality, or a district (its localities' centre) so city names are found too. */
    kind: text('kind', { enum: ['locality', 'district'] })
      .notNull()
      .default('locality'),
    district: text('district'),
    state: text('state'),
    pin: text('pin'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** The place on earthdistance's sphere, as its GiST index holds it. */
    earth: earthPoint('earth').generatedAlwaysAs(earthSql('lat', 'lng')),
  },
  (t) => [
    index('places_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('places_search_key_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    // Typed prefixes ("luck…") are found from these, fast, before any fuzzy matching.
    index('places_name_prefix').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    index('places_search_key_prefix').using('btree', sql`${t.searchKey} text_pattern_ops`),
    // A PIN code, whole or its first digits ("1100…").
    index('places_pin_prefix').using('btree', sql`${t.pin} text_pattern_ops`),
    index('places_location_gist').using('gist', t.earth),
  ],
);

/** Small facts the server keeps about itself, e.g. that the place list finished loading. */
/**
 * The development sign-in provider's short-lived state: its sessions, interactions,
 * codes, grants and the names people typed, shared by every server process on the database, so
 * a sign-in that starts on one process can finish on another behind a proxy. Everything here
 * lives minutes; expired rows are removed as new ones are written.
 */
export const devIdpEntries = pgTable(
  'dev_idp_entries',
  {
    /** `Model:id`, as oidc-provider names what it stores. */
    key: text('key').primaryKey(),
    model: text('model').notNull(),
    uid: text('uid'),
    userCode: text('user_code'),
    grantId: text('grant_id'),
    payload: jsonb('payload').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('dev_idp_entries_uid').on(t.model, t.uid),
    index('dev_idp_entries_grant_id').on(t.grantId),
    index('dev_idp_entries_expires_at').on(t.expiresAt),
  ],
);

export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters, one fixed window per bucket ("limit name:key"). Kept in the database so
 * that every server process counts against the same limit.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_at').on(t.resetAt)],
);

/** A donor or distributor says something went wrong with a package. */
export const packageReports = pgTable(
  'package_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      // A reported package is never deleted (the app cancels it instead): no way to erase a report.
      .references(() => packages.id, { onDelete: 'restrict' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
    /** When a coordinator dealt with it; null while open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('package_reports_reason', isOneOf(t.reason, REPORT_REASONS)),
    // One report of each reason per person and package: a second tap changes nothing.
    uniqueIndex('package_reports_once').on(t.packageId, t.reporterId, t.reason),
    index('package_reports_created').on(t.createdAt.desc(), t.id),
  ],
);

/**
 * Every coordinator action: who, what, on what, why, when. Append-only: a trigger
 * refuses UPDATE and DELETE, so nobody rewrites history through the app.
 * The coordinator is kept by e-mail too: the log outlives their account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind', { enum: ['package', 'user', 'message', 'report'] }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    /** Entries before the second review: a short English description. */
    summary: text('summary'),
    /** What the action concerned, as facts (ids, states, codes) shown in the reader's language. */
    details: jsonb('details'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target').on(t.targetKind, t.targetId)],
);

/**
 * Impact figures by the week a package was donated, its state and its city: what the public
 * impact page sums. Triggers on packages append a delta row per change in the same
 * transaction (impact_deltas: no row is ever updated, so concurrent donations never wait on each
 * other); a job folds the deltas into these rows. Readers add both.
 */
export const impactTotals = pgTable(
  'impact_totals',
  {
    week: timestamp('week', { withTimezone: true }).notNull(),
    state: text('state', { enum: packageStates }).notNull(),
    city: text('city').notNull().default(''),
    packages: bigint('packages', { mode: 'number' }).notNull().default(0),
    meals: bigint('meals', { mode: 'number' }).notNull().default(0),
    served: bigint('served', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('impact_totals_key').on(t.week, t.state, t.city)],
);

export const impactDeltas = pgTable('impact_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  week: timestamp('week', { withTimezone: true }).notNull(),
  state: text('state', { enum: packageStates }).notNull(),
  city: text('city').notNull().default(''),
  packages: integer('packages').notNull(),
  meals: integer('meals').notNull(),
  served: integer('served').notNull(),
});
