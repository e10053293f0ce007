import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../server/src/config';
import { insertNotifications } from '../server/src/db/notifications';
import { pushSubscriptions, users } from '../server/src/db/schema';
import { createLogger } from '../server/src/logger';
import { createOutreach } from '../server/src/modules/notifications/outreach';
import { type Benchmark, engines, round, stats } from './lib';

const DEVICES = Number(process.env.BENCH_PUSH_DEVICES ?? 1000);
const SINGLES = 50;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A push service on a free port that notes when each device's POST arrives (and answers 201). */
async function receiver() {
  const arrivals = new Map<string, number>();
  let onArrival: () => void = () => undefined;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.set(req.url ?? '', performance.now());
      res.writeHead(201).end();
      onArrival();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    arrivals,
    /** Resolves when every one of these paths has arrived. */
    waitFor: (paths: string[]) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (paths.every((p) => arrivals.has(p))) resolve();
        };
        onArrival = check;
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive connections from the sender would hold close() open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The worker registration's own weight: lib/pwa.ts and the banner hook, minified and gzipped. */
async function registrationGzipBytes(): Promise<number> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: path.join(root, 'client'),
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(root, 'client/src/lib/pwa.ts'), formats: ['es'], fileName: 'pwa' },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) =>
    'output' in o ? o.output : [],
  );
  const code = chunks.map((c) => ('code' in c ? c.code : '')).join('');
  return gzipSync(code).length;
}

/**
 * 9. Push: a notification committed -> its encrypted, signed POST arriving at a
 * local push service, with DEVICES devices subscribed. Baseline in the same run: the same
 * number of bare POSTs of the same size, with the same concurrency, straight from fetch.
 */
export const pushBench: Benchmark = {
  name: 'push',
  description: `notification -> push POST at a local push service, ${DEVICES} devices`,
  async run(report) {
    const registration = await registrationGzipBytes();
    report({
      benchmark: 'push',
      engine: '-',
      case: 'worker registration',
      metrics: { 'gzip KB': round(registration / 1024, 2) },
      target: '<= 2 KB',
      isTargetMet: registration <= 2 * 1024,
    });
    for (const engine of engines()) {
      const { database, drop } = await engine.open();
      const service = await receiver();
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUSH_EXTRA_ORIGINS: service.origin,
      });
      const outreach = createOutreach({
        config,
        db: database.db,
        logger: createLogger('silent'),
      });
      try {
        const people = await database.db
          .insert(users)
          .values(
            Array.from({ length: DEVICES }, (_, i) => ({
              email: `push-bench-${i}-${randomBytes(4).toString('hex')}@example.org`,
              name: `Bench ${i}`,
            })),
          )
          .returning({ id: users.id });
        const paths = people.map((_, i) => `/push/${i}`);
        await database.db.insert(pushSubscriptions).values(
          people.map((person, i) => {
            const ecdh = createECDH('prime256v1');
            return {
              userId: person.id,
              endpoint: `${service.origin}${paths[i]}`,
              p256dh: ecdh.generateKeys().toString('base64url'),
              auth: randomBytes(16).toString('base64url'),
            };
          }),
        );
        const notify = async (who: { id: string }[]) => {
          const rows = await insertNotifications(
            database.db,
            who.map((person) => ({
              userId: person.id,
              packageId: null,
              photo: null,
              state: 'Paired' as const,
              userType: 'Donor' as const,
              kind: 'pairedDonor' as const,
              packageQuantity: 12,
              packageAddress: 'Hazratganj, Lucknow',
              packageDonatedAt: new Date(),
              counterpartName: null,
            })),
          );
          const committedAt = performance.now();
          outreach.deliverer.kick();
          return { rows, committedAt };
        };
        // Warm up: keys loaded, connections open.
        await notify([people[0]!]);
        await service.waitFor([paths[0]!]);

        const singles: number[] = [];
        for (let i = 0; i < SINGLES; i++) {
          const index = (i * 7919) % DEVICES;
          service.arrivals.delete(paths[index]!);
          const { committedAt } = await notify([people[index]!]);
          await service.waitFor([paths[index]!]);
          singles.push(service.arrivals.get(paths[index]!)! - committedAt);
        }
        const one = stats(singles);
        report({
          benchmark: 'push',
          engine: engine.name,
          case: `one notification, ${DEVICES} devices subscribed`,
          metrics: { 'p50 ms': round(one.p50, 1), 'p99 ms': round(one.p99, 1) },
          target: 'p99 < 1000 ms',
          isTargetMet: one.p99 < 1000,
        });

        service.arrivals.clear();
        const { committedAt } = await notify(people);
        await service.waitFor(paths);
        const burst = stats(paths.map((p) => service.arrivals.get(p)! - committedAt));

        // Baseline: the same POSTs, bare, 32 at a time (the deliverer's concurrency).
        service.arrivals.clear();
        const body = Buffer.alloc(400);
        const started = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: 32 }, async () => {
            while (next < DEVICES) {
              const p = paths[next++]!;
              await (await fetch(`${service.origin}${p}`, { method: 'POST', body })).text();
            }
          }),
        );
        const floor = stats(paths.map((p) => service.arrivals.get(p)! - started));
        report({
          benchmark: 'push',
          engine: engine.name,
          case: `${DEVICES} notifications at once`,
          metrics: {
            'p50 ms': round(burst.p50, 1),
            'p99 ms': round(burst.p99, 1),
            'bare POSTs p99 ms': round(floor.p99, 1),
            'x bare': round(burst.p99 / floor.p99, 1),
          },
          target: 'p99 < 1000 ms',
          isTargetMet: burst.p99 < 1000,
        });
      } finally {
        await outreach.deliverer.idle();
        outreach.close();
        await service.close();
        await drop();
      }
    }
  },
};
