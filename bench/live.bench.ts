import http from 'node:http';
import { openEventStream } from '../server/src/test/sse';
import { donateAt, makeUser, startBenchApp } from './app';
import { type Benchmark, engines, round, stats } from './lib';

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1000);
const DONATIONS = 100;

/** Opens a bare SSE connection (a person's phone, idle) and keeps it open. */
function idleClient(
  baseUrl: string,
  cookie: string,
  agent: http.Agent,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { headers: { Cookie: cookie }, agent }, (res) => {
      res.resume();
      resolve(req);
    });
    req.on('error', reject);
  });
}

const BURST_DONORS = 50;
const BURST_ROUNDS = 4;

/**
 * 50 donors donating at once, each with their page open, on one process (PGlite) and
 * on two (PostgreSQL: pages on B, donations through A): the share of events that reached their
 * page, and how long after the donation's answer.
 */
export const liveBurstBench: Benchmark = {
  name: 'live-burst',
  description: `${BURST_DONORS} donors donating at once: events delivered, and their latency`,
  async run(report) {
    for (const engine of engines()) {
      const { database, url, drop } = await engine.open();
      const a = await startBenchApp(database, {}, { postgresUrl: url });
      const b = url ? await startBenchApp(database, {}, { postgresUrl: url }) : a;
      try {
        const donors: { id: string; cookie: string }[] = [];
        for (let i = 0; i < BURST_DONORS; i++)
          donors.push(await makeUser(database, 'donor', [28.6 + i * 0.0005, 77.2]));
        for (let i = 0; i < BURST_DONORS; i++)
          await makeUser(database, 'distributor', [28.6 + i * 0.001, 77.21], 100_000);
        const streams = await Promise.all(
          donors.map((d) => openEventStream(`${b.baseUrl}/api/events`, d.cookie)),
        );
        await new Promise((r) => setTimeout(r, 500));
        const latencies: number[] = [];
        let sent = 0;
        let lost = 0;
        for (let round = 0; round < BURST_ROUNDS; round++) {
          await Promise.all(
            donors.map(async (donor, i) => {
              const { packageId, answeredAt } = await donateAt(a, donor, 1);
              sent++;
              const stream = streams[i]!;
              const deadline = performance.now() + 10_000;
              while (!stream.events.some((e) => e.data.pid === packageId)) {
                if (performance.now() > deadline) {
                  lost++;
                  return;
                }
                await new Promise((r) => setTimeout(r, 2));
              }
              latencies.push(performance.now() - answeredAt);
            }),
          );
        }
        await Promise.all(streams.map((s) => s.close()));
        const s = stats(latencies);
        report({
          benchmark: 'live-burst',
          engine: engine.name,
          case: `${BURST_DONORS} donors at once, ${url ? 'two processes' : 'one process'}`,
          metrics: {
            delivered: `${sent - lost}/${sent}`,
            'p50 ms': round(s.p50),
            'p99 ms': round(s.p99),
          },
          target: 'none lost, p99 < 500 ms',
          isTargetMet: lost === 0 && s.p99 < 500,
        });
      } finally {
        if (b !== a) await b.close();
        await a.close();
        await drop();
      }
    }
  },
};

/** 4. Live latency: donation answered -> distributor's SSE event, with many clients connected. */
export const liveBench: Benchmark = {
  name: 'live',
  description: `time from a donation's response to the distributor's SSE event, ${CLIENTS} SSE clients`,
  async run(report) {
    for (const engine of engines()) {
      const { database, drop } = await engine.open();
      const app = await startBenchApp(database);
      const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 10 });
      const idle: http.ClientRequest[] = [];
      try {
        const people: { id: string; cookie: string }[] = [];
        for (let i = 0; i < CLIENTS; i++)
          people.push(await makeUser(database, 'donor', [20 + (i % 10) * 0.01, 80]));
        global.gc?.();
        const before = process.memoryUsage();
        for (const person of people) idle.push(await idleClient(app.baseUrl, person.cookie, agent));
        await new Promise((r) => setTimeout(r, 500));
        global.gc?.();
        const after = process.memoryUsage();
        const perClientKb = (after.heapUsed - before.heapUsed) / 1024 / CLIENTS;

        const donor = await makeUser(database, 'donor', [28.6, 77.2]);
        const distributor = await makeUser(database, 'distributor', [28.61, 77.21], 1_000_000);
        const stream = await openEventStream(`${app.baseUrl}/api/events`, distributor.cookie);
        const latencies: number[] = [];
        for (let i = 0; i < DONATIONS; i++) {
          const { packageId: pid, answeredAt: answered } = await donateAt(app, donor, 1);
          while (!stream.events.some((e) => e.data.pid === pid))
            await new Promise((r) => setImmediate(r));
          latencies.push(performance.now() - answered);
        }
        await stream.close();
        const s = stats(latencies);
        report({
          benchmark: 'live',
          engine: engine.name,
          case: `${CLIENTS} SSE clients connected`,
          metrics: {
            'p50 ms': round(s.p50),
            'p99 ms': round(s.p99),
            'heap per client KB': round(perClientKb, 1),
            connected: app.live.hub.connectionCount,
          },
          target: 'p99 < 100 ms',
          isTargetMet: s.p99 < 100,
        });
      } finally {
        for (const req of idle) req.destroy();
        agent.destroy();
        await app.close();
        await drop();
      }
    }
  },
};
