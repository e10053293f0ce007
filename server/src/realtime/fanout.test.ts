import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOTIFICATION_TEXT } from '@almquest/contracts/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { distributorInput, donorInput, uniqueEmail } from '../test/factories';
import { loadTestGazetteer } from '../test/gazetteer';
import { signIn } from '../test/session';
import { openEventStream } from '../test/sse';
import { openTestDatabase, type TestContext } from '../test/test-app';
import { freePort } from '../test/ports';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const url = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
});

/** Starts a real server process (`tsx src/index.ts`) on the shared PostgreSQL database. */
async function startServer(): Promise<string> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return baseUrl;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${baseUrl} did not start`);
}

async function register(baseUrl: string, kind: 'donor' | 'distributor', body: object) {
  const session = await signIn({ baseUrl } as TestContext, uniqueEmail(kind));
  const res = await fetch(`${baseUrl}/api/${kind}/register`, {
    method: 'POST',
    headers: { Cookie: session.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return { ...session, id: ((await res.json()) as { data: { id: string } }).data.id };
}

describe.runIf(url)('live events across server processes', () => {
  it('reach a user connected to another process than the one that made them', async () => {
    const database = await openTestDatabase();
    await loadTestGazetteer(database.db);
    await database.db.execute(sql`delete from users where address like 'Fan-out point %'`);
    await database.close();
    const [a, b] = await Promise.all([startServer(), startServer()]);

    const at = (km: number) => ({
      address: 'Fan-out point',
      coordinates: [24.5 + km / 111.2, 86.5] as [number, number],
    });
    const distributor = await register(a, 'distributor', distributorInput({ location: at(2) }));
    const donor = await register(a, 'donor', donorInput({ location: at(0) }));

    // Both listen on process B; the donation goes through process A.
    const donorStream = await openEventStream(`${b}/api/events`, donor.cookie);
    const distributorStream = await openEventStream(`${b}/api/events`, distributor.cookie);
    try {
      const res = await fetch(`${a}/api/donor/donate`, {
        method: 'POST',
        headers: { Cookie: donor.cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          donor_id: donor.id,
          quantity: 5,
          travelCapacity: 8,
          location: at(0),
        }),
      });
      expect(res.status).toBe(201);
      const pkg = ((await res.json()) as { package: { _id: string } }).package;
      const [toDonor] = await donorStream.waitFor(1, 10_000);
      const [toDistributor] = await distributorStream.waitFor(1, 10_000);
      expect(toDonor?.data).toMatchObject({ pid: pkg._id, message: NOTIFICATION_TEXT.pairedDonor });
      expect(toDistributor?.data).toMatchObject({
        pid: pkg._id,
        message: NOTIFICATION_TEXT.pairedDistributor,
      });
    } finally {
      await Promise.all([donorStream.close(), distributorStream.close()]);
    }
  }, 60_000);
});
