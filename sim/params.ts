/**
 * Every parameter of the city-day simulation, in one place. Times are Indian Standard Time hours
 * of the simulated day; sizes are meals; distances are kilometres. The figures are estimates for a
 * large Indian city on an ordinary day, chosen to be plausible rather than measured: change them
 * here, and every run says which it used (the JSON output repeats them).
 */

/** Who gives food, how often and how much. `peaks` are hours of the day where donations bunch. */
export type DonorKind = {
  name: string;
  /** Accounts of this kind in the city. */
  accounts: number;
  /** Donations of this kind on an ordinary day. */
  perDay: number;
  meals: [min: number, max: number];
  /** How long after donating the food must be picked up, in hours. */
  windowHours: [min: number, max: number];
  peaks: number[];
  /** Share of donations that may be split across distributors. */
  splitShare: number;
  /** Share of donations that are vegetarian (the rest: non-vegetarian or with egg). */
  vegShare: number;
};

/** Who collects it: room, reach, and how they answer. */
export type DistributorKind = {
  name: string;
  /** Share of the city's distributors of this kind. */
  share: number;
  capacity: [min: number, max: number];
  rangeKm: [min: number, max: number];
  /** Share who take every offer they can without being asked (autoAccept). */
  autoAcceptShare: number;
  /** Chance of answering an offer when rested (fatigue lowers it through the day). */
  answerChance: number;
  /** Share of answers that are "no". */
  declineShare: number;
  /** Share who only take vegetarian food. */
  vegOnlyShare: number;
};

export const PARAMS = {
  /** Donors and distributors live within this distance of the city's centre. */
  cityRadiusKm: 8,
  /** Distributors in the city on an ordinary day. */
  distributors: 80,
  donors: [
    {
      name: 'household',
      accounts: 120,
      perDay: 110,
      meals: [2, 8],
      windowHours: [2, 4],
      peaks: [14, 21],
      splitShare: 0,
      vegShare: 0.6,
    },
    {
      name: 'restaurant',
      accounts: 40,
      perDay: 55,
      meals: [10, 40],
      windowHours: [2, 3],
      peaks: [15.5, 22.5],
      splitShare: 0.2,
      vegShare: 0.5,
    },
    {
      name: 'caterer',
      accounts: 10,
      perDay: 12,
      meals: [30, 120],
      windowHours: [3, 5],
      peaks: [14.5, 23],
      splitShare: 0.8,
      vegShare: 0.7,
    },
    {
      name: 'event',
      accounts: 10,
      perDay: 4,
      meals: [50, 200],
      windowHours: [3, 4],
      peaks: [22],
      splitShare: 1,
      vegShare: 0.7,
    },
  ] satisfies DonorKind[],
  distributorKinds: [
    {
      name: 'individual',
      share: 0.5,
      capacity: [10, 25],
      rangeKm: [3, 6],
      autoAcceptShare: 0,
      answerChance: 0.75,
      declineShare: 0.2,
      vegOnlyShare: 0.2,
    },
    {
      name: 'group',
      share: 0.35,
      capacity: [30, 70],
      rangeKm: [5, 10],
      autoAcceptShare: 0.3,
      answerChance: 0.85,
      declineShare: 0.15,
      vegOnlyShare: 0.1,
    },
    {
      name: 'ngo',
      share: 0.15,
      capacity: [80, 160],
      rangeKm: [8, 15],
      autoAcceptShare: 1,
      answerChance: 0.95,
      declineShare: 0.05,
      vegOnlyShare: 0,
    },
  ] satisfies DistributorKind[],
  /** Spread of donations around each peak hour (standard deviation, hours). */
  peakSpreadHours: 1.2,
  /** Donations start and stop at these hours. */
  dayStartHour: 7,
  dayEndHour: 24,
  /** Each offer a distributor has had today multiplies their chance of answering the next by this. */
  fatiguePerOffer: 0.9,
  /** How long a distributor takes to answer an offer they answer (log-normal: median, spread). */
  answerMinutes: { median: 4, spread: 0.8, max: 45 },
  /** Nobody answers or sets out between these hours (auto-accepted pick-ups wait for morning). */
  quietHours: [23, 7],
  /**
   * A coordinator on duty (outside quiet hours) steps in on each package the app raises as at
   * risk: after `minutes`, they offer it by hand to the candidate with the best record who can
   * take it, and try again when that offer ends, up to `tries` times. Only under the current
   * policy: before the alert, nobody told them.
   */
  coordinator: { minutes: 10, tries: 3 },
  /** Share of accepted pick-ups where the distributor never comes. */
  noShowShare: 0.05,
  /** How far a donor will go towards the distributor (the donation's travel capacity). */
  donorTravelKm: 3,
  /** Travel to the donor (km/h) and time to get going, minutes. */
  travelKmh: 18,
  setOutMinutes: [5, 20],
  /** From collecting to handing out, minutes. */
  handOutMinutes: [30, 90],
} as const;

/** How a scenario changes the ordinary day. */
export type Scenario = {
  name: string;
  description: string;
  /** Donations per kind, times this. */
  donationScale: number;
  /** Extra donations bunched in an evening rush: per kind, times this, in [from, to) hours. */
  rush?: { from: number; to: number; scale: number; extraEvents: number };
  /** Share of distributors who answer nothing and come for nothing. */
  silentShare: number;
};

export const SCENARIOS: Record<string, Scenario> = {
  weekday: {
    name: 'weekday',
    description: 'An ordinary weekday.',
    donationScale: 1,
    silentShare: 0,
  },
  festival: {
    name: 'festival',
    description:
      'A festival evening: three times the donations between 19:00 and 21:00, and big event donations.',
    donationScale: 1,
    rush: { from: 19, to: 21, scale: 3, extraEvents: 10 },
    silentShare: 0,
  },
  monsoon: {
    name: 'monsoon',
    description: 'A monsoon day: half the distributors silent (flooded roads, no answers).',
    donationScale: 1,
    silentShare: 0.5,
  },
};
