// `npm run test:sim`: a small city day, twice with one seed, against the real server. The same
// seed must give the same figures, and the figures must add up; another seed makes another day.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SCENARIOS } from './params';
import { makeWorld } from './world';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'almquest-sim-test-'));

type Result = Record<string, unknown> & {
  meals: number;
  mealsRescued: number;
  mealsRescuedShare: number;
  expiredShare: number;
  packages: number;
  refusedDonations: number;
  notificationsPerDistributorPerDay: { mean: number; p95: number; max: number };
  giniMeals: number;
  hourly: { donated: number; rescued: number }[];
};

function simulate(seed: number, name: string): Result {
  const out = path.join(scratch, `${name}.json`);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'sim/simulate.ts', '--seed', String(seed), '--size', '0.1', '--out', out],
    { cwd: root, encoding: 'utf8', timeout: 240_000 },
  );
  assert.equal(run.status, 0, `the simulation failed:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(readFileSync(out, 'utf8')) as Result;
}

/** What may differ between two runs of one seed: how long it took. */
const figures = ({ seconds: _s, requests: _r, ...rest }: Result) => rest;

test(
  'a seeded city day gives the same figures every time, and they add up',
  { timeout: 600_000 },
  () => {
    try {
      const first = simulate(7, 'first');
      const again = simulate(7, 'again');
      assert.deepEqual(figures(again), figures(first));

      assert.ok(first.meals > 0 && first.packages > 0, 'the day had donations');
      assert.equal(first.refusedDonations, 0);
      assert.ok(first.mealsRescued <= first.meals);
      assert.equal(
        first.mealsRescuedShare,
        Math.round((first.mealsRescued / first.meals) * 1000) / 1000,
      );
      assert.ok(first.expiredShare >= 0 && first.expiredShare <= 1);
      assert.ok(first.giniMeals >= 0 && first.giniMeals < 1);
      const notes = first.notificationsPerDistributorPerDay;
      assert.ok(notes.mean <= notes.max && notes.p95 <= notes.max);
      assert.equal(
        first.hourly.reduce((sum, h) => sum + h.donated, 0),
        first.meals,
      );
      assert.equal(
        first.hourly.reduce((sum, h) => sum + h.rescued, 0),
        first.mealsRescued,
      );

      // Another seed makes another city and day (made here, without playing it).
      const centre: [number, number] = [22.57, 88.36];
      const weekday = SCENARIOS.weekday!;
      const world = (seed: number) => makeWorld(seed, centre, weekday, 0.1);
      assert.deepEqual(world(7), world(7));
      assert.notDeepEqual(world(8), world(7));
      // The chart and the export are written beside the figures.
      assert.match(readFileSync(path.join(scratch, 'first.svg'), 'utf8'), /^<svg /);
      assert.match(readFileSync(path.join(scratch, 'first.csv'), 'utf8'), /^id,created_at,state,/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  },
);
