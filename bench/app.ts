import { type Consent, PRIVACY_NOTICE_VERSION } from '@almquest/contracts/privacy';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import type { Database } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import { createLogger } from '../server/src/logger';
import { createSession } from '../server/src/db/sessions';
import { registerDistributor, registerDonor } from '../server/src/modules/users/users.service';
import {
  createLocalLiveEvents,
  createPostgresLiveEvents,
  type LiveEvents,
} from '../server/src/realtime/live-events';
import { notificationsByIds } from '../server/src/modules/notifications/notifications.service';
import { toDelivery } from '../server/src/modules/notifications/notifications.presenter';

export type BenchApp = {
  baseUrl: string;
  server: Server;
  live: LiveEvents;
  close(): Promise<void>;
};

/** The real app over a real database, on a free port, with limits out of the way. */
export async function startBenchApp(
  database: Database,
  env: Record<string, string> = {},
  /** With a PostgreSQL URL, live events cross processes as in production (LISTEN/NOTIFY). */
  { postgresUrl }: { postgresUrl?: string | null } = {},
): Promise<BenchApp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: baseUrl,
    RATE_LIMIT_MULTIPLIER: '1000000',
    ...env,
  });
  const live = postgresUrl
    ? await createPostgresLiveEvents(postgresUrl, createLogger('silent'), {
        load: async (ids) => (await notificationsByIds(database.db, ids)).map(toDelivery),
      })
    : createLocalLiveEvents();
  const app = createApp({ config, database, logger: createLogger('silent'), live });
  server.on('request', app);
  return {
    baseUrl,
    server,
    live,
    close: async () => {
      live.hub.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await live.close();
    },
  };
}

let counter = 0;

/** A registered person with a live session, made through the services (no sign-in round trips). */
export async function makeUser(
  database: Database,
  kind: 'donor' | 'distributor',
  at: [number, number],
  capacity = 1000,
): Promise<{ id: string; cookie: string }> {
  counter += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      email: `bench.${kind}.${process.pid}.${Date.now()}.${counter}@example.org`,
      name: `Bench ${kind} ${counter}`,
    })
    .returning({ id: users.id });
  const person = {
    name: `Bench ${kind} ${counter}`,
    phone: '9876543210',
    location: { address: 'Bench point', coordinates: at },
    consent: { notice: PRIVACY_NOTICE_VERSION, isAdult: true } satisfies Consent,
  };
  if (kind === 'donor')
    await registerDonor(database.db, row!.id, {
      ...person,
      donorType: 'Individual',
      distanceRange: 10,
    });
  else
    await registerDistributor(database.db, row!.id, {
      ...person,
      distanceRange: 20,
      maxCapacity: capacity,
    });
  const token = await createSession(database.db, row!.id, 3600_000);
  return { id: row!.id, cookie: `aq_session=${token}` };
}

/** Donates `quantity` meals at the bench point as `donor`: the package id, and when the answer came. */
export async function donateAt(
  app: BenchApp,
  donor: { id: string; cookie: string },
  quantity: number,
): Promise<{ packageId: string; answeredAt: number }> {
  const res = await fetch(`${app.baseUrl}/api/donor/donate`, {
    method: 'POST',
    headers: { Cookie: donor.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      donor_id: donor.id,
      quantity,
      travelCapacity: 8,
      location: { address: 'Bench point', coordinates: [28.6, 77.2] },
    }),
  });
  const answeredAt = performance.now();
  if (!res.ok) throw new Error(`donation answered ${res.status}`);
  return {
    packageId: ((await res.json()) as { package: { _id: string } }).package._id,
    answeredAt,
  };
}
