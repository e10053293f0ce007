// `npm run simulate`: plays a seeded city day against the real server and database (see
// sim/params.ts for every parameter) and writes its figures as JSON and a chart (SVG).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SIM_COORDINATOR, signedIn, startSimApp } from './app';
import { dayChart } from './chart';
import { parseCsv } from '../server/src/test/csv';
import { figuresOf } from './metrics';
import { PARAMS, SCENARIOS } from './params';
import { playDay } from './run';
import { makeWorld } from './world';

const POLICIES = ['baseline', 'current'] as const;

function usage(problem: string): never {
  console.error(`${problem}
Usage: npm run simulate -- [--city Kolkata] [--scenario weekday|festival|monsoon] [--seed N]
                           [--policy baseline|current] [--out FILE.json] [--size 0.1]
--size plays a city that many times the size of sim/params.ts's (a quick check).`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    city: { type: 'string', default: 'Kolkata' },
    scenario: { type: 'string', default: 'weekday' },
    seed: { type: 'string', default: '1' },
    policy: { type: 'string', default: 'current' },
    out: { type: 'string', default: 'sim/results/day.json' },
    size: { type: 'string', default: '1' },
  },
});
const scenario = SCENARIOS[values.scenario];
if (!scenario) usage(`No scenario "${values.scenario}".`);
const seed = Number(values.seed);
if (!Number.isInteger(seed) || seed < 0)
  usage(`--seed must be a whole number, not "${values.seed}".`);
const policy = values.policy as (typeof POLICIES)[number];
if (!POLICIES.includes(policy)) usage(`No policy "${values.policy}".`);
const out = values.out.endsWith('.json') ? values.out : usage('--out must name a .json file.');
const size = Number(values.size);
if (!(size > 0 && size <= 1))
  usage(`--size must be more than 0 and at most 1, not "${values.size}".`);

const say = (line: string) => console.log(line);
const started = Date.now();
// baseline: nearest first, as AlmQuest dispatched until decision 034; current: the default,
// named here so that a DISPATCH_POLICY in the shell changes neither.
const app = await startSimApp({ DISPATCH_POLICY: policy === 'baseline' ? 'nearest' : 'reliable' });
try {
  const found = await fetch(
    `${app.baseUrl}/api/places?q=${encodeURIComponent(values.city)}&limit=1`,
  );
  const place = (
    (await found.json()) as { places?: { address: string; coordinates: [number, number] }[] }
  ).places?.[0];
  if (!place) usage(`No place "${values.city}" in the place list.`);
  say(`${scenario.description} ${place.address}, seed ${seed}, policy ${policy}`);
  const world = makeWorld(seed, place.coordinates, scenario, size);

  // The day starts at the first midnight in India after now (the app refuses a past pick-up).
  const IST_MS = 5.5 * 3_600_000;
  const dayStartMs = (Math.floor((Date.now() + IST_MS) / 86_400_000) + 1) * 86_400_000 - IST_MS;
  const coordinator = await signedIn(app.baseUrl, SIM_COORDINATOR, 'Sim Coordinator');
  const observed = await playDay(
    app.baseUrl,
    coordinator,
    world,
    seed,
    dayStartMs,
    say,
    policy === 'current',
  );
  const day = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 10);
  const csv = await coordinator.text('POST', '/api/coordinator/packages.csv', {
    from: day(dayStartMs),
    to: day(dayStartMs + 2 * 86_400_000),
  });
  writeFileSync(out.replace(/\.json$/, '.csv'), csv);
  const figures = figuresOf(parseCsv(csv), world, observed, dayStartMs);
  const result = {
    city: place.address,
    scenario: scenario.name,
    seed,
    policy,
    size,
    ...figures,
    requests: observed.requests,
    seconds: Math.round((Date.now() - started) / 1000),
    params: PARAMS,
  };
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  const chart = out.replace(/\.json$/, '.svg');
  writeFileSync(
    chart,
    dayChart(`${scenario.name}, ${values.city}, seed ${seed}, ${policy}`, figures),
  );
  say(
    `${Math.round((figures.mealsRescuedShare ?? 0) * 1000) / 10}% of ${figures.meals} meals rescued; expired ${figures.expiredShare}; notifications per distributor p95 ${figures.notificationsPerDistributorPerDay.p95}; ${result.seconds} s`,
  );
  say(`Wrote ${out}, ${chart} and the day's packages as the coordinators' export (.csv)`);
} finally {
  await app.stop();
}
