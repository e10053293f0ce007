import { loadTestGazetteer } from '../server/src/test/gazetteer';
import { startNginx } from '../server/src/test/nginx';
import { freePort } from '../server/src/test/ports';
import { startServerProcess, stopServerProcesses } from '../server/src/test/server-process';
import { makeUser } from './app';
import { donationBurst } from './donations.bench';
import { type Benchmark, engines, round } from './lib';

/**
 * Donations per second through nginx (ops/nginx/almquest.conf) to one server process and to two
 * on the same PostgreSQL database, each case in a city of its own (20 donors, 50 distributors
 * with room for every donation), 50 clients at once. PostgreSQL only: PGlite is one process.
 * On a machine of two cores the processes, nginx, PostgreSQL and the load share them, so the
 * ratio shows what a second process costs or gains there, not what a second machine would.
 */
export const processesBench: Benchmark = {
  name: 'processes',
  description: 'donations per second through nginx: one server process against two',
  async run(report) {
    const engine = engines().find((e) => e.name === 'postgres');
    if (!engine) {
      console.log('  (needs BENCH_DATABASE_URL: several processes share a PostgreSQL server)');
      return;
    }
    const { database, url, drop } = await engine.open();
    const perSecond: number[] = [];
    try {
      await loadTestGazetteer(database.db);
      for (const [index, count] of [1, 2].entries()) {
        const at: [number, number] = [19 + index * 2, 73 + index * 2];
        const donors: { id: string; cookie: string }[] = [];
        for (let i = 0; i < 20; i++)
          donors.push(await makeUser(database, 'donor', [at[0] + i * 0.001, at[1]]));
        for (let i = 0; i < 50; i++)
          await makeUser(database, 'distributor', [at[0] + i * 0.002, at[1] + 0.01], 100_000);
        const nginxPort = await freePort();
        const env = {
          PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
          TRUST_PROXY: '1',
          RATE_LIMIT_MULTIPLIER: '1000000',
          LOG_LEVEL: 'error',
        };
        const processes = await Promise.all(
          Array.from({ length: count }, () => startServerProcess(url!, env)),
        );
        const nginx = await startNginx(
          processes.map((p) => new URL(p.baseUrl).host),
          nginxPort,
        );
        try {
          // A short warm-up: each process's first requests compile and plan.
          await donationBurst(nginx, donors, at, 10);
          const result = await donationBurst(nginx, donors, at, 50);
          perSecond.push(result.requests.average);
          report({
            benchmark: 'processes',
            engine: 'postgres',
            case: count === 1 ? 'one process behind nginx' : 'two processes behind nginx',
            metrics: {
              'donations/s': round(result.requests.average, 0),
              'p50 ms': result.latency.p50,
              'p99 ms': result.latency.p99,
              errors: result.non2xx + result.errors,
              ...(count === 2 ? { 'x one process': round(perSecond[1]! / perSecond[0]!) } : {}),
            },
          });
        } finally {
          await nginx.stop();
          await stopServerProcesses();
        }
      }
    } finally {
      await drop();
    }
  },
};
