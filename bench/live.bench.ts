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
