import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  withLongRecord,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { eraseAccounts } from './erase-accounts';
import { BREACH_RUNBOOK, placeholdersOf, runbookQueries, runRunbookQuery } from './runbook';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await forgetArea(ctx.database.db, 'runbook');
});
afterAll(() => ctx.close());

const patches = nextPatches('runbook');
const markdown = readFileSync(BREACH_RUNBOOK, 'utf8');
const hour = 3_600_000;

describe('the breach runbook’s queries', () => {
  it('each runs on today’s schema and lists the people to tell, with their language', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const distributor = await createDistributor(ctx, { location: at(2) });
    const stranger = await createDistributor(ctx, { location: at(4) });
    await withLongRecord(ctx, [distributor.profile.id]);
    const pkg = await donate(ctx, donor, { quantity: 4 });
    expect(pkg.current_state).toBe('Paired');

    const samples: Record<string, string> = {
      leaked_at: new Date(Date.now() + hour).toISOString(),
      user_id: donor.profile.id,
      coordinator_email: 'coordinator@example.org',
      from_time: new Date(Date.now() - hour).toISOString(),
      to_time: new Date(Date.now() + hour).toISOString(),
      push_service_prefix: 'https://fcm.googleapis.com/%',
      user_ids: [donor.profile.id, distributor.profile.id].join(','),
    };
    const queries = runbookQueries(markdown);
    expect([...queries.keys()]).toEqual([
      'everyone-before',
      'counterparts-of',
      'coordinator-actions',
      'phone-messages-between',
      'push-devices',
      'people-by-id',
    ]);
    for (const [name, text] of queries) {
      const values = Object.fromEntries(placeholdersOf(text).map((p) => [p, samples[p]!]));
      const rows = await runRunbookQuery(ctx.database.db, name, values, markdown);
      if (name !== 'coordinator-actions' && rows.length > 0) {
        expect(Object.keys(rows[0]!), name).toEqual(
          expect.arrayContaining(['id', 'email', 'name', 'locale']),
        );
      }
    }

    const ids = async (name: string, values: Record<string, string>) =>
      (await runRunbookQuery(ctx.database.db, name, values, markdown)).map((r) => r['id']);
    // The donor's stolen login showed the distributor's contacts, nobody else's.
    expect(await ids('counterparts-of', { user_id: donor.profile.id })).toEqual([
      distributor.profile.id,
    ]);
    // A pairing given back still showed the donor's contacts while it lasted.
    await callsAs(ctx, distributor).post(`/api/package/${pkg._id}/release`, {}).expect(204);
    expect(await ids('counterparts-of', { user_id: distributor.profile.id })).toEqual([
      donor.profile.id,
    ]);
    expect(await ids('counterparts-of', { user_id: donor.profile.id })).toContain(
      distributor.profile.id,
    );
    // (The package went on to the other distributor nearby: they saw the donor too.)
    for (const id of await ids('counterparts-of', { user_id: stranger.profile.id })) {
      expect(id).toBe(donor.profile.id);
    }
    expect(await ids('everyone-before', { leaked_at: samples['leaked_at']! })).toEqual(
      expect.arrayContaining([donor.profile.id, distributor.profile.id, stranger.profile.id]),
    );
    expect((await ids('people-by-id', { user_ids: samples['user_ids']! })).sort()).toEqual(
      [donor.profile.id, distributor.profile.id].sort(),
    );
    // A value is bound, never pasted: a quote in it is just a character.
    expect(await ids('people-by-id', { user_ids: "x' or '1'='1" })).toEqual([]);
    await expect(runRunbookQuery(ctx.database.db, 'counterparts-of', {}, markdown)).rejects.toThrow(
      /needs user_id=/,
    );
    await expect(runRunbookQuery(ctx.database.db, 'nope', {}, markdown)).rejects.toThrow(
      /No query "nope"/,
    );
  });
});

describe('the operator’s erasure', () => {
  it('deletes accounts by id or e-mail as their people would, keeping one with a package under way', async () => {
    const at = patches();
    const leaving = await createDonor(ctx, { location: at() });
    const busy = await createDonor(ctx, { location: at(1) });
    const distributor = await createDistributor(ctx, { location: at(2) });
    await withLongRecord(ctx, [distributor.profile.id]);
    await donate(ctx, busy, { quantity: 2 });

    const outcomes = await eraseAccounts(ctx.database.db, [
      leaving.user.email.toUpperCase(),
      busy.profile.id,
      'nobody@example.org',
    ]);
    expect(outcomes).toEqual([
      { ref: leaving.user.email.toUpperCase(), outcome: 'erased', userId: leaving.profile.id },
      {
        ref: busy.profile.id,
        outcome: 'refused',
        reason: expect.stringContaining('Offered, Paired or Received'),
      },
      { ref: 'nobody@example.org', outcome: 'not-found' },
    ]);
    expect(await eraseAccounts(ctx.database.db, [leaving.profile.id])).toEqual([
      { ref: leaving.profile.id, outcome: 'not-found' },
    ]);
  });
});
