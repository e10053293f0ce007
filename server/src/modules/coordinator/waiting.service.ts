import type { ServerMessageKey } from '@almquest/contracts/errors';
import type {
  Candidate,
  CandidateList,
  WaitingList,
  WaitingPackage,
  WaitingQuery,
} from '@almquest/contracts/coordinator';
import type { Diet } from '@almquest/contracts/packages';
import { eq, sql } from 'drizzle-orm';
import { type AppDb, queryRows, isoOf } from '../../db/client';
import type { NotificationRow, PackageRow, UserRow } from '../../db/rows';
import { packages } from '../../db/schema';
import { conflict, notFound, words } from '../../errors';
import {
  cannotTakeSql,
  type ChosenRefusal,
  type MatchSettings,
  offerToChosen,
} from '../../matching/assign';
import { cancelLockedByCoordinator } from '../packages/lifecycle/changes';
import { may, refusalText } from '../packages/lifecycle/transitions';
import { lockWithClock, pickupTimePassed } from '../packages/lifecycle/write';
import { recordAudit } from './audit';

/** How many waiting packages the console lists at once (oldest deadline first). */
const WAITING_LIMIT = 500;

/** Both sides of a package as the console's reads select them: ids, names and phones. */
export type PartiesColumns = {
  donor_id: string | null;
  donor_name: string;
  donor_phone: string;
  distributor_id: string | null;
  distributor_name: string | null;
  distributor_phone: string | null;
};

type WaitingRow = {
  id: string;
  state: WaitingPackage['state'];
  quantity: number;
  diet: WaitingPackage['diet'];
  address: string;
  lat: number;
  lng: number;
  city: string | null;
  created_at: Date | string;
  ready_until: Date | string;
  offer_expires_at: Date | string | null;
  open_reports: number;
  at_risk_since: Date | string | null;
} & PartiesColumns;

/**
 * Not Paired, Offered and Paired-but-not-Received packages: those raised as at risk and still
 * not accepted first, then the rest, each oldest deadline first; optionally of one state or one
 * city. Each side's current name and phone.
 */
export async function listWaiting(db: AppDb, query: WaitingQuery): Promise<WaitingList> {
  const states = query.state ? [query.state] : ['Not Paired', 'Offered', 'Paired'];
  const rows = await queryRows<WaitingRow>(
    db,
    sql`select p.id, p.state, p.quantity, p.diet, p.address, p.lat, p.lng, p.city, p.created_at,
          p.ready_until, p.offer_expires_at, p.donor_id,
          case when p.state <> 'Paired' then p.raised_at end as at_risk_since,
          coalesce(du.name, p.donor_name) as donor_name,
          coalesce(du.phone, p.donor_phone) as donor_phone,
          p.distributor_id,
          coalesce(xu.name, p.distributor_name) as distributor_name,
          coalesce(xu.phone, p.distributor_phone) as distributor_phone,
          (select count(*)::int from package_reports r
            where r.package_id = p.id and r.closed_at is null) as open_reports
        from packages p
        left join users du on du.id = p.donor_id
        left join users xu on xu.id = p.distributor_id
        where p.state in ('Not Paired', 'Offered', 'Paired')
          and p.state in (${sql.join(
            states.map((s) => sql`${s}`),
            sql`, `,
          )})
          ${query.city ? sql`and p.city = ${query.city}` : sql``}
        order by (p.raised_at is not null and p.state <> 'Paired') desc, p.ready_until, p.id
        limit ${WAITING_LIMIT + 1}`,
  );
  const cities = await queryRows<{ city: string }>(
    db,
    sql`select distinct city from packages
        where state in ('Not Paired', 'Offered', 'Paired') and city is not null
        order by city limit 200`,
  );
  return {
    packages: rows.slice(0, WAITING_LIMIT).map((r) => ({
      id: r.id,
      state: r.state,
      quantity: r.quantity,
      diet: r.diet,
      address: r.address,
      lat: r.lat,
      lng: r.lng,
      city: r.city,
      createdAt: isoOf(r.created_at),
      readyUntil: isoOf(r.ready_until),
      offerExpiresAt: r.offer_expires_at ? isoOf(r.offer_expires_at) : null,
      donor: { id: r.donor_id, name: r.donor_name, phone: r.donor_phone },
      distributor: r.distributor_name
        ? { id: r.distributor_id, name: r.distributor_name, phone: r.distributor_phone ?? '' }
        : null,
      openReports: r.open_reports,
      atRiskSince: r.at_risk_since ? isoOf(r.at_risk_since) : null,
    })),
    cities: cities.map((c) => c.city),
    isTruncated: rows.length > WAITING_LIMIT,
  };
}

type CandidateRow = {
  id: string;
  name: string;
  phone: string | null;
  distance_m: number;
  distance_range: number;
  open_load: number;
  max_capacity: number;
  is_active: boolean;
  auto_accept: boolean;
  pickups_collected: number;
  pickups_missed: number;
  offers_lapsed: number;
  /** Why they cannot take it (almquest_cannot_take), or null. */
  refusal: ChosenRefusal | null;
};

/**
 * The 20 distributors nearest a package (from the area index), each with whether they could be
 * offered it and why not: the coordinator chooses among them.
 */
export async function listCandidates(db: AppDb, packageId: string): Promise<CandidateList> {
  const [pkg] = await queryRows<{
    id: string;
    lat: number;
    lng: number;
    quantity: number;
    diet: string;
    travel_capacity: number;
    group_id: string | null;
  }>(
    db,
    sql`select id, lat, lng, quantity, diet, travel_capacity, group_id from packages where id = ${packageId}`,
  );
  if (!pkg) throw notFound('No such package.', words('noSuchPackage'));
  const rows = await queryRows<CandidateRow>(
    db,
    sql`select u.id, u.name, u.phone,
          earth_distance(u.area_earth, ll_to_earth(${pkg.lat}, ${pkg.lng})) as distance_m,
          d.distance_range, d.open_load, d.max_capacity, d.is_active, d.auto_accept,
          d.pickups_collected, d.pickups_missed, d.offers_lapsed,
          ${cannotTakeSql({ id: pkg.id, groupId: pkg.group_id, diet: pkg.diet as Diet }, pkg.quantity, { countTakenBack: false })} as refusal
        from users u join distributors d on d.user_id = u.id
        where u.user_type = 'distributor' and u.lat is not null
        order by u.area_earth <-> ll_to_earth(${pkg.lat}, ${pkg.lng})
        limit 20`,
  );
  return {
    candidates: rows.map((r): Candidate => ({
      id: r.id,
      name: r.name,
      phone: r.phone ?? '',
      distanceKm: Math.round(r.distance_m / 100) / 10,
      distanceRangeKm: r.distance_range,
      openLoad: r.open_load,
      maxCapacity: r.max_capacity,
      isActive: r.is_active,
      autoAccept: r.auto_accept,
      record: {
        collected: r.pickups_collected,
        missed: r.pickups_missed,
        lapsed: r.offers_lapsed,
      },
      refusal: r.refusal,
      beyondReachKm: Math.max(
        0,
        Math.round((r.distance_m / 1000 - pkg.travel_capacity - r.distance_range) * 10) / 10,
      ),
    })),
  };
}

const REFUSAL_TEXT: Record<ChosenRefusal, string> = {
  not_distributor: 'That person is not a registered distributor.',
  suspended: 'That distributor is suspended.',
  inactive: 'That distributor is inactive.',
  no_room: 'That distributor has no room for this package.',
  veg_only: 'That distributor takes vegetarian food only.',
  gave_back: 'That distributor already declined, let lapse or released this package.',
};
const REFUSAL_KEY: Record<ChosenRefusal, ServerMessageKey> = {
  not_distributor: 'notDistributor',
  suspended: 'distributorSuspended',
  inactive: 'distributorInactive',
  no_room: 'distributorNoRoom',
  veg_only: 'distributorVegOnly',
  gave_back: 'distributorGaveBack',
};

/** A coordinator offers a Not Paired package to the distributor they chose. */
export async function offerAsCoordinator(
  db: AppDb,
  coordinator: UserRow,
  packageId: string,
  distributorId: string,
  settings: MatchSettings,
): Promise<{ package: PackageRow; notifications: NotificationRow[] }> {
  return db.transaction(async (tx) => {
    const { pkg, now } = await lockWithClock(tx, packageId);
    if (!may('offer', pkg.state)) {
      throw conflict(
        refusalText('offer', pkg.state),
        words('onlyNotPairedOffered', { state: pkg.state }),
      );
    }
    if (pkg.readyUntil <= now) throw pickupTimePassed();
    const result = await offerToChosen(tx, pkg, distributorId, settings);
    if ('refusal' in result) {
      throw conflict(REFUSAL_TEXT[result.refusal], words(REFUSAL_KEY[result.refusal]));
    }
    await recordAudit(tx, coordinator, {
      action: 'package.offer',
      targetKind: 'package',
      targetId: pkg.id,
      // Ids only: the log shows names as they are when read (a deleted person's are gone).
      details: { distributorId, state: result.outcome.state },
    });
    const [updated] = await tx.select().from(packages).where(eq(packages.id, pkg.id));
    if (!updated) throw new Error('package vanished inside its own transaction');
    return { package: updated, notifications: result.outcome.notifications };
  });
}

/** A coordinator cancels a waiting package, with a reason; both sides are told. */
export async function cancelAsCoordinator(
  db: AppDb,
  coordinator: UserRow,
  packageId: string,
  reason: string,
): Promise<{ notifications: NotificationRow[]; freed: string | null }> {
  return db.transaction(async (tx) => {
    const { pkg } = await lockWithClock(tx, packageId);
    const result = await cancelLockedByCoordinator(tx, pkg);
    await recordAudit(tx, coordinator, {
      action: 'package.cancel',
      targetKind: 'package',
      targetId: pkg.id,
      reason,
      details: { was: pkg.state },
    });
    return result;
  });
}
