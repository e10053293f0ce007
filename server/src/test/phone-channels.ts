import type { MessagingChannel } from '@almquest/contracts/messaging';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { nextPatches } from './areas';
import { createDistributor, createDonor, updateDistributor } from './factories';
import { uniquePhone } from './fake-whatsapp';
import type { TestContext } from './test-app';

/** A donor and a distributor 2 km apart in a patch of their own; the distributor answers. */
export async function pairInArea(ctx: TestContext, area: ReturnType<typeof nextPatches>) {
  const at = area();
  const donor = await createDonor(ctx, { location: at(0), phone: uniquePhone() });
  const distributor = await createDistributor(ctx, { location: at(2), phone: uniquePhone() });
  await updateDistributor(ctx, distributor, { autoAccept: false });
  return { donor, distributor, at };
}

/** A package's state and distributor, as the database holds them. */
export const packageStateOf = async (ctx: TestContext, packageId: string) =>
  (
    await queryRows<{ state: string; distributor_id: string | null }>(
      ctx.database.db,
      sql`select state, distributor_id from packages where id = ${packageId}`,
    )
  )[0]!;

/** The outbox rows of a package's notifications on one phone channel, oldest first. */
export const phoneDeliveries = (ctx: TestContext, packageId: string, channel: MessagingChannel) =>
  queryRows<{
    kind: string;
    state: string;
    attempts: number;
    last_error: string | null;
    provider_message_id: string | null;
    provider_status: string | null;
  }>(
    ctx.database.db,
    sql`select n.kind, d.state, d.attempts, d.last_error, d.provider_message_id, d.provider_status
          from notification_deliveries d join notifications n on n.id = d.notification_id
         where n.package_id = ${packageId} and d.channel = ${channel} order by d.id`,
  );
