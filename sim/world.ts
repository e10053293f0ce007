import { PARAMS, type Scenario } from './params';
import { type Random, streamOf } from './random';

export type LatLng = [number, number];

export type SimDonor = { index: number; kind: string; name: string; at: LatLng };

export type SimDistributor = {
  index: number;
  kind: string;
  name: string;
  at: LatLng;
  capacity: number;
  rangeKm: number;
  autoAccept: boolean;
  vegOnly: boolean;
  answerChance: number;
  declineShare: number;
  /** Answers nothing and never comes (the monsoon's flooded roads). */
  isSilent: boolean;
};

export type SimDonation = {
  index: number;
  donor: number;
  /** Minutes after the day's midnight. */
  minute: number;
  meals: number;
  windowMinutes: number;
  allowSplit: boolean;
  diet: 'veg' | 'nonveg' | 'egg';
};

/** The address a simulated person registers with (the export names donors by it). */
export const addressOf = (person: { name: string }) => `${person.name}, simulated`;

export type World = {
  donors: SimDonor[];
  distributors: SimDistributor[];
  donations: SimDonation[];
};

/** A point at most `radiusKm` from `centre`, spread evenly over the disc. */
function pointNear(r: Random, centre: LatLng, radiusKm: number): LatLng {
  const distance = radiusKm * Math.sqrt(r.next());
  const bearing = r.between(0, 2 * Math.PI);
  const north = (distance * Math.cos(bearing)) / 111.2;
  const east = (distance * Math.sin(bearing)) / (111.2 * Math.cos((centre[0] * Math.PI) / 180));
  return [round6(centre[0] + north), round6(centre[1] + east)];
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** An hour of the day drawn around the kind's peaks, within the day's donating hours. */
function hourAround(r: Random, peaks: readonly number[]): number {
  for (;;) {
    const hour = r.normal(r.pick(peaks), PARAMS.peakSpreadHours);
    if (hour >= PARAMS.dayStartHour && hour < PARAMS.dayEndHour) return hour;
  }
}

/**
 * The people of the city and the donations of the day, all from `seed`. `size` scales the number
 * of people and donations (1: the city of params.ts; a quick check plays a smaller one).
 */
export function makeWorld(seed: number, centre: LatLng, scenario: Scenario, size = 1): World {
  const scaled = (n: number) => Math.max(1, Math.round(n * size));
  const map = streamOf(seed, 'map');
  const donors: SimDonor[] = [];
  for (const kind of PARAMS.donors) {
    for (let i = 0; i < scaled(kind.accounts); i++) {
      donors.push({
        index: donors.length,
        kind: kind.name,
        name: `Sim ${kind.name} ${i + 1}`,
        at: pointNear(map, centre, PARAMS.cityRadiusKm),
      });
    }
  }

  const people = streamOf(seed, 'distributors');
  const silent = streamOf(seed, 'silent');
  const distributors: SimDistributor[] = [];
  for (const kind of PARAMS.distributorKinds) {
    const count = scaled(PARAMS.distributors * kind.share);
    for (let i = 0; i < count; i++) {
      distributors.push({
        index: distributors.length,
        kind: kind.name,
        name: `Sim ${kind.name} ${i + 1}`,
        at: pointNear(map, centre, PARAMS.cityRadiusKm),
        capacity: people.int(...kind.capacity),
        rangeKm: Math.round(people.between(...kind.rangeKm)),
        autoAccept: people.chance(kind.autoAcceptShare),
        vegOnly: people.chance(kind.vegOnlyShare),
        answerChance: kind.answerChance,
        declineShare: kind.declineShare,
        isSilent: silent.chance(scenario.silentShare),
      });
    }
  }

  const schedule = streamOf(seed, 'donations');
  const planned: Omit<SimDonation, 'index'>[] = [];
  const donate = (kind: (typeof PARAMS.donors)[number], hour: number) => {
    const ofKind = donors.filter((d) => d.kind === kind.name);
    const veg = schedule.chance(kind.vegShare);
    planned.push({
      donor: schedule.pick(ofKind).index,
      minute: Math.round(hour * 60),
      meals: schedule.int(...kind.meals),
      windowMinutes: Math.round(schedule.between(...kind.windowHours) * 60),
      allowSplit: schedule.chance(kind.splitShare),
      diet: veg ? 'veg' : schedule.chance(0.7) ? 'nonveg' : 'egg',
    });
  };
  for (const kind of PARAMS.donors) {
    const count = scaled(kind.perDay * scenario.donationScale);
    const hours = Array.from({ length: count }, () => hourAround(schedule, kind.peaks));
    for (const hour of hours) donate(kind, hour);
    const rush = scenario.rush;
    if (rush) {
      // The rush: (scale - 1) times what the hours would bring anyway, spread over them.
      const usual = hours.filter((h) => h >= rush.from && h < rush.to).length;
      for (let i = 0; i < Math.round(usual * (rush.scale - 1)); i++) {
        donate(kind, schedule.between(rush.from, rush.to));
      }
    }
  }
  if (scenario.rush) {
    const event = PARAMS.donors.find((k) => k.name === 'event')!;
    for (let i = 0; i < scaled(scenario.rush.extraEvents); i++) {
      donate(
        { ...event, meals: [100, 300] },
        schedule.between(scenario.rush.from, scenario.rush.to),
      );
    }
  }
  planned.sort((a, b) => a.minute - b.minute || a.donor - b.donor);
  return { donors, distributors, donations: planned.map((d, index) => ({ ...d, index })) };
}
