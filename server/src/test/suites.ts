import { afterAll, beforeAll } from 'vitest';
import { type AreaName, forgetArea } from './areas';
import { createDonor, type Registered, uniqueEmail } from './factories';
import { createTestApp, type TestContext } from './test-app';

/**
 * Starts the file's app before its tests, with a coordinator (a donor whom COORDINATOR_EMAILS
 * names) and the file's area forgotten, and closes it after; `onStart` hands both to the file.
 */
export function withCoordinatorApp(
  area: AreaName,
  onStart: (started: { ctx: TestContext; coordinator: Registered }) => void,
): void {
  const email = uniqueEmail('coordinator');
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp({ COORDINATOR_EMAILS: email });
    await forgetArea(ctx.database.db, area);
    onStart({ ctx, coordinator: await createDonor(ctx, {}, email) });
  });
  afterAll(() => ctx?.close());
}
