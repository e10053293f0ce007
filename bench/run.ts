/**
 * `npm run bench` runs every benchmark; `npm run bench -- NAME [NAME…]` runs some. Results go to
 * bench/results.json and a markdown table (bench/results.md). Never part of `npm test`.
 * Each runs on PGlite, and on PostgreSQL too when BENCH_DATABASE_URL is set.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBench } from './api.bench';
import { clientWeightBench } from './client-weight.bench';
import { donationsBench } from './donations.bench';
import { impactBench } from './impact.bench';
import type { Benchmark, Row } from './lib';
import { lighthouseBench } from './lighthouse.bench';
import { liveBench, liveBurstBench } from './live.bench';
import { matchingBench } from './matching.bench';
import { placesBench } from './places.bench';
import { processesBench } from './processes.bench';
import { pushBench } from './push.bench';
import { scaleBench } from './scale.bench';
import { startupBench } from './startup.bench';
import { upkeepBench } from './upkeep.bench';

const all: Benchmark[] = [
  matchingBench,
  donationsBench,
  apiBench,
  liveBench,
  liveBurstBench,
  placesBench,
  clientWeightBench,
  lighthouseBench,
  startupBench,
  pushBench,
  impactBench,
  scaleBench,
  processesBench,
  upkeepBench,
];
const here = path.dirname(fileURLToPath(import.meta.url));

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !all.some((b) => b.name === w));
if (unknown.length) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${all.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}
const chosen = wanted.length ? all.filter((b) => wanted.includes(b.name)) : all;

// A run replaces only the rows it measured (same benchmark, engine and case): a partial run
// (BENCH_ENGINES, BENCH_SIZES) keeps the others, each with the day it was measured.
const date = new Date().toISOString().slice(0, 10);
const previous = await readFile(path.join(here, 'results.json'), 'utf8')
  .then((text) => {
    const file = JSON.parse(text) as { date?: string; rows: Row[] };
    // A row from before rows carried their day has none: it says so, not the file's last run.
    return file.rows.map((r) => ({ ...r, measured: r.measured ?? 'undated' }));
  })
  .catch(() => [] as Row[]);
const rows: Row[] = [...previous];
const sameRow = (a: Row, b: Row) =>
  a.benchmark === b.benchmark && a.engine === b.engine && a.case === b.case;
for (const bench of chosen) {
  console.log(`\n▶ ${bench.name}: ${bench.description}`);
  const started = Date.now();
  await bench.run((measuredRow) => {
    const row = { ...measuredRow, measured: date };
    const at = rows.findIndex((r) => sameRow(r, row));
    if (at >= 0) rows[at] = row;
    else rows.push(row);
    const target = row.target ? `  [${row.isTargetMet ? 'meets' : 'MISSES'} ${row.target}]` : '';
    console.log(
      `  ${row.engine.padEnd(8)} ${row.case.padEnd(28)} ${JSON.stringify(row.metrics)}${target}`,
    );
  });
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
await writeFile(
  path.join(here, 'results.json'),
  JSON.stringify({ date, machine, rows }, null, 2) + '\n',
);
const lines = [
  `Last run ${date} on ${machine}. Each row says the day it was measured: a run replaces only`,
  'the rows it measured, so rows of different days were measured in different runs.',
  '',
  '| Benchmark | Engine | Case | Figures | Target | Measured |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.benchmark} | ${r.engine} | ${r.case} | ${Object.entries(r.metrics)
        .map(([k, v]) => `${k}: ${v}`)
        .join(
          '; ',
        )} | ${r.target ? `${r.isTargetMet ? 'meets' : 'misses'}: ${r.target}` : ''} | ${r.measured ?? ''} |`,
  ),
];
await writeFile(path.join(here, 'results.md'), lines.join('\n') + '\n');
console.log(`\nWrote bench/results.json and bench/results.md`);
process.exit(0);
