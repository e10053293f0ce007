import { expect } from 'vitest';
import { uniqueEmail } from './factories';
import { signIn, type SignedIn } from './session';

/**
 * People and donations made over HTTP against a running process (or a proxy in front of
 * several), for the tests that start the server as its own process.
 */

export type OverHttp = SignedIn & { id: string };

/** Signs someone new in at `baseUrl` and registers them as a donor or a distributor. */
export async function registerOverHttp(
  baseUrl: string,
  kind: 'donor' | 'distributor',
  body: object,
): Promise<OverHttp> {
  const session = await signIn({ baseUrl }, uniqueEmail(kind));
  const res = await fetch(`${baseUrl}/api/${kind}/register`, {
    method: 'POST',
    headers: { Cookie: session.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return { ...session, id: ((await res.json()) as { data: { id: string } }).data.id };
}

/** A donation through the process at `baseUrl`, answered 201: its package. */
export async function donateThrough(
  baseUrl: string,
  donor: { id: string; cookie: string },
  quantity: number,
  location: object,
): Promise<{ _id: string; current_state: string }> {
  const res = await fetch(`${baseUrl}/api/donor/donate`, {
    method: 'POST',
    headers: { Cookie: donor.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ donor_id: donor.id, quantity, travelCapacity: 8, location }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { package: { _id: string; current_state: string } }).package;
}
