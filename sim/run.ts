import { PRIVACY_NOTICE_VERSION } from '@almquest/contracts/privacy';
import type { Candidate, CandidateList, WaitingPackage } from '@almquest/contracts/coordinator';
import type { Package } from '@almquest/contracts/packages';
import type {
  DistributorRegistration,
  DonorRegistration,
  Profile,
} from '@almquest/contracts/users';
import { distanceKm } from '../server/src/matching/geometry';
import { type Caller, signedIn } from './app';
import { PARAMS } from './params';
import { type Random, streamOf } from './random';
import { addressOf, type SimDistributor, type World } from './world';

/** What the simulation saw happen, beside what the app itself records. */
export type Observed = {
  /** Every notification each distributor got today. */
  notificationsPerDistributor: number[];
  /** The distributors' notifications by kind (offered, offerLapsed, pairedDistributor, ...). */
  notificationsByKind: Record<string, number>;
  /** Minutes from donating to the first offer or pairing, per package (its first part). */
  firstOfferMinutes: Map<string, number>;
  /** Donations the app refused (none should be). */
  refusedDonations: number;
  /** Requests made to the app. */
  requests: number;
  /** Why a package a distributor held was not collected, by package id. */
  notCollected: Map<string, 'silent' | 'noShow' | 'quietHours' | 'late'>;
  /** Packages the app raised to coordinators as at risk. */
  raised: Set<string>;
  /** Offers the coordinator made by hand on a package raised as at risk. */
  coordinatorOffers: number;
};

type Event = { minute: number; run: () => Promise<void> };

const MINUTE = 60_000;

/**
 * Plays one day of `world` against the app at `baseUrl`, from midnight `dayStartMs` (the clock is
 * moved there first) until every pick-up window has closed.
 */
export async function playDay(
  baseUrl: string,
  /** Signed in as a coordinator: moves the clock and hears what people are told. */
  coordinator: Caller,
  world: World,
  seed: number,
  dayStartMs: number,
  say: (line: string) => void,
  /** Whether the coordinator acts on the app's at-risk alerts (the current policy). */
  coordinatorStepsIn: boolean,
): Promise<Observed> {
  const observed: Observed = {
    notificationsPerDistributor: world.distributors.map(() => 0),
    notificationsByKind: {},
    firstOfferMinutes: new Map(),
    refusedDonations: 0,
    requests: 0,
    notCollected: new Map(),
    raised: new Set(),
    coordinatorOffers: 0,
  };
  let clockMinute = 0;
  let cursor = 0;
  // In time order; events of one minute in the order they were planned.
  const queue: Event[] = [];
  const at = (minute: number, run: () => Promise<void>) => {
    const event = { minute: Math.max(minute, clockMinute), run };
    let i = queue.length;
    while (i > 0 && queue[i - 1]!.minute > event.minute) i--;
    queue.splice(i, 0, event);
  };
  const call = async <T>(who: Caller, method: string, url: string, body?: unknown) => {
    observed.requests++;
    return who.call<T>(method, url, body);
  };
  const moveClock = async (minute: number) => {
    const res = await call(coordinator, 'POST', '/api/sim/clock', {
      at: new Date(dayStartMs + minute * MINUTE).toISOString(),
    });
    if (res.status !== 200) throw new Error(`the clock did not move: ${JSON.stringify(res.body)}`);
    clockMinute = minute;
  };
  await moveClock(0);

  // The city signs up: donors and distributors, each through the real sign-in and registration.
  say(`registering ${world.donors.length} donors and ${world.distributors.length} distributors`);
  const join = async (
    role: 'donor' | 'distributor',
    index: number,
    body: Omit<DonorRegistration, 'consent'> | Omit<DistributorRegistration, 'consent'>,
  ) => {
    const who = await signedIn(baseUrl, `sim.${role}.${index}@example.org`, body.name);
    // Simulated people agree to the privacy notice as a person does when registering.
    const consent = { notice: PRIVACY_NOTICE_VERSION, isAdult: true };
    const res = await call<{ data: Profile }>(who, 'POST', `/api/${role}/register`, {
      ...body,
      consent,
    });
    if (res.status !== 201) throw new Error(`${role} ${index}: ${JSON.stringify(res.body)}`);
    return { who, profile: res.body.data };
  };
  const donors: { who: Caller; profile: Profile }[] = [];
  for (const d of world.donors) {
    donors.push(
      await join('donor', d.index, {
        name: d.name,
        phone: `98${String(d.index).padStart(8, '0')}`,
        location: { address: addressOf(d), coordinates: d.at },
        donorType: d.kind === 'household' ? 'Individual' : 'Organisation',
        distanceRange: PARAMS.donorTravelKm,
      }),
    );
  }
  type Distributor = {
    who: Caller;
    profile: Profile;
    sim: SimDistributor;
    mind: Random;
    offersToday: number;
  };
  /** Each distributor, by their id in the app. */
  const distributors = new Map<string, Distributor>();
  for (const d of world.distributors) {
    const { who, profile } = await join('distributor', d.index, {
      name: d.name,
      phone: `97${String(d.index).padStart(8, '0')}`,
      location: { address: addressOf(d), coordinates: d.at },
      distanceRange: d.rangeKm,
      maxCapacity: d.capacity,
    });
    const update = await call(who, 'PATCH', `/api/distributor/update/${profile.id}`, {
      autoAccept: d.autoAccept,
      vegOnly: d.vegOnly,
    });
    if (update.status !== 200) {
      throw new Error(`distributor ${d.index}: ${JSON.stringify(update.body)}`);
    }
    const mind = streamOf(seed, `distributor ${d.index}`);
    distributors.set(profile.id, { who, profile, sim: d, mind, offersToday: 0 });
  }
  const donorByUserId = new Map(donors.map((d) => [d.profile.id, d]));
  const donatedAtMinute = new Map<string, number>();

  const isQuiet = (minute: number) => {
    const hour = (minute / 60) % 24;
    const [from, to] = PARAMS.quietHours;
    return hour >= from || hour < to;
  };
  const afterQuiet = (minute: number) => {
    if (!isQuiet(minute)) return minute;
    const day = Math.floor(minute / 1440) * 1440;
    const morning = day + PARAMS.quietHours[1] * 60;
    return minute < morning ? morning : morning + 1440;
  };

  /** When each package's distributor decided to set out (perhaps waiting for the morning). */
  const setOutMinute = new Map<string, number>();

  const pickUp = async (d: Distributor, packageId: string) => {
    const seen = await call<{ package: Package }>(d.who, 'GET', `/api/package/${packageId}`);
    if (seen.status !== 200 || seen.body.package.current_state !== 'Paired') {
      observed.notCollected.set(
        packageId,
        isQuiet(setOutMinute.get(packageId) ?? 0) ? 'quietHours' : 'late',
      );
      return;
    }
    const donor = donorByUserId.get(seen.body.package.donor_id ?? '');
    if (!donor) return;
    const own = await call<{ package: Package }>(donor.who, 'GET', `/api/package/${packageId}`);
    const code = own.body.package?.handoverCode;
    if (!code) return;
    const mark = (state: 'Received' | 'Distributed') =>
      call(d.who, 'POST', '/api/distributor/togglePackage', {
        donor_id: donor.profile.id,
        distributor_id: d.profile.id,
        packageId,
        state,
        code,
      });
    if ((await mark('Received')).status !== 200) return;
    at(
      clockMinute + d.mind.int(...PARAMS.handOutMinutes),
      async () => void (await mark('Distributed')),
    );
  };

  // A distributor who holds a package sets out for the meet point, unless they never come.
  const setOut = async (d: Distributor, packageId: string) => {
    const comes = !d.mind.chance(PARAMS.noShowShare);
    const gettingReady = d.mind.int(...PARAMS.setOutMinutes);
    if (d.sim.isSilent || !comes) {
      observed.notCollected.set(packageId, d.sim.isSilent ? 'silent' : 'noShow');
      return;
    }
    setOutMinute.set(packageId, clockMinute);
    // The way to the meet point, as their package page shows it.
    const seen = await call<{ package: Package }>(d.who, 'GET', `/api/package/${packageId}`);
    const meet = seen.body.package?.pair?.meet_location.coordinates;
    const km = meet ? distanceKm(d.sim.at, meet) : PARAMS.cityRadiusKm;
    const travel = Math.round((km / PARAMS.travelKmh) * 60);
    const leaves = afterQuiet(clockMinute) + gettingReady;
    // They say so as they leave (decision 044); too late, the package went to someone else.
    at(leaves, async () => void (await call(d.who, 'POST', `/api/package/${packageId}/on-my-way`)));
    at(leaves + travel, () => pickUp(d, packageId));
  };

  // The coordinator on an at-risk alert: the package's best candidate by record, asked by hand.
  const stepIn = async (packageId: string, triesLeft: number) => {
    if (isQuiet(clockMinute)) {
      at(afterQuiet(clockMinute), () => stepIn(packageId, triesLeft));
      return;
    }
    const list = await call<{ packages: WaitingPackage[] }>(
      coordinator,
      'GET',
      '/api/coordinator/packages',
    );
    const pkg = list.body.packages.find((p) => p.id === packageId);
    if (!pkg || pkg.atRiskSince === null) return;
    if (pkg.state === 'Offered' && pkg.offerExpiresAt) {
      // Someone is being asked: look again when their offer ends.
      const ends = Math.ceil((Date.parse(pkg.offerExpiresAt) - dayStartMs) / MINUTE);
      at(ends + 1, () => stepIn(packageId, triesLeft));
      return;
    }
    if (pkg.state !== 'Not Paired' || triesLeft === 0) return;
    const found = await call<CandidateList>(
      coordinator,
      'GET',
      `/api/coordinator/packages/${packageId}/candidates`,
    );
    const score = (c: Candidate) => c.record.collected - c.record.missed - c.record.lapsed / 2;
    const best = found.body.candidates
      .filter((c) => c.refusal === null && c.beyondReachKm === 0)
      .sort((a, b) => score(b) - score(a) || a.distanceKm - b.distanceKm)[0];
    if (!best) return;
    const offered = await call<{ state: string }>(
      coordinator,
      'POST',
      `/api/coordinator/packages/${packageId}/offer`,
      { distributorId: best.id },
    );
    if (offered.status !== 200) return;
    observed.coordinatorOffers++;
    if (offered.body.state === 'Offered') {
      at(clockMinute + PARAMS.coordinator.minutes, () => stepIn(packageId, triesLeft - 1));
    }
  };

  // What each distributor's phone shows, and what they do about it.
  let nextDue: number | null = null;
  const hear = async () => {
    for (;;) {
      const res = await call<{
        notifications: { seq: number; userId: string; packageId: string | null; kind: string }[];
        nextDeadline: string | null;
      }>(coordinator, 'GET', `/api/sim/notifications?after=${cursor}`);
      const list = res.body.notifications;
      const due = res.body.nextDeadline;
      // The minute the next deadline falls in (a deadline of this minute was swept already).
      nextDue = due
        ? Math.max(clockMinute + 1, Math.ceil((Date.parse(due) - dayStartMs) / MINUTE))
        : null;
      for (const n of list) {
        cursor = n.seq;
        if (n.kind === 'atRisk' && n.packageId) {
          const packageId = n.packageId;
          observed.raised.add(packageId);
          if (coordinatorStepsIn) {
            at(clockMinute + PARAMS.coordinator.minutes, () =>
              stepIn(packageId, PARAMS.coordinator.tries),
            );
          }
          continue;
        }
        const d = distributors.get(n.userId);
        if (!d || !n.packageId) continue;
        const { sim } = d;
        const packageId = n.packageId;
        observed.notificationsPerDistributor[sim.index]!++;
        observed.notificationsByKind[n.kind] = (observed.notificationsByKind[n.kind] ?? 0) + 1;
        if (
          (n.kind === 'offered' || n.kind === 'pairedDistributor') &&
          !observed.firstOfferMinutes.has(packageId)
        ) {
          const donated = donatedAtMinute.get(packageId);
          if (donated !== undefined)
            observed.firstOfferMinutes.set(packageId, clockMinute - donated);
        }
        if (n.kind === 'offered') {
          const chance = sim.answerChance * PARAMS.fatiguePerOffer ** d.offersToday++;
          // Each draw is made whatever the outcome, so one answer never shifts the next.
          const answers = d.mind.chance(chance);
          const declines = d.mind.chance(sim.declineShare);
          const delay = Math.min(
            PARAMS.answerMinutes.max,
            Math.exp(
              d.mind.normal(Math.log(PARAMS.answerMinutes.median), PARAMS.answerMinutes.spread),
            ),
          );
          if (sim.isSilent || !answers || isQuiet(clockMinute)) continue;
          at(clockMinute + Math.round(delay), async () => {
            if (declines) {
              await call(d.who, 'POST', `/api/package/${packageId}/decline`, { reason: 'Busy' });
              return;
            }
            // Too late (the offer lapsed, or went to someone else): 409, and nothing to collect.
            const accepted = await call(d.who, 'POST', `/api/package/${packageId}/accept`);
            if (accepted.status === 200) await setOut(d, packageId);
          });
        } else if (n.kind === 'pairedDistributor') {
          // Paired without being asked (autoAccept).
          await setOut(d, packageId);
        }
      }
      if (list.length < 5000) return;
    }
  };

  for (const donation of world.donations) {
    at(donation.minute, async () => {
      const donor = donors[donation.donor]!;
      const res = await call<{ package: Package }>(donor.who, 'POST', '/api/donor/donate', {
        donor_id: donor.profile.id,
        quantity: donation.meals,
        travelCapacity: PARAMS.donorTravelKm,
        location: donor.profile.location,
        readyUntil: new Date(
          dayStartMs + (clockMinute + donation.windowMinutes) * MINUTE,
        ).toISOString(),
        diet: donation.diet,
        allowSplit: donation.allowSplit,
        idempotencyKey: `sim-${seed}-${donation.index}`,
      });
      if (res.status !== 201) {
        observed.refusedDonations++;
        say(`donation ${donation.index} refused: ${res.status} ${JSON.stringify(res.body)}`);
        return;
      }
      donatedAtMinute.set(res.body.package._id, clockMinute);
    });
  }
  say(`playing ${world.donations.length} donations`);
  let nextReport = 6 * 60;
  // The clock goes to whatever comes first: someone doing something, or a deadline the app acts
  // on (an offer lapsing, a pick-up missed), until neither is left.
  while (queue.length || nextDue !== null) {
    const event = queue[0];
    if (nextDue !== null && (!event || nextDue < event.minute)) {
      await moveClock(nextDue);
      await hear();
    } else if (event) {
      queue.shift();
      if (event.minute > clockMinute) {
        await moveClock(event.minute);
        await hear();
      }
      await event.run();
      // Settled before anything else happens: what the event set off in the background
      // (matching again when room was freed) would otherwise race the next event, and two runs
      // of one seed could differ.
      await moveClock(clockMinute);
      await hear();
    }
    if (clockMinute >= nextReport) {
      say(`  ${Math.floor(clockMinute / 60)}:00, ${observed.requests} requests`);
      nextReport += 6 * 60;
    }
  }
  return observed;
}
