import type {
  ChannelOutcome,
  DeliveryChannel,
  DeliveryEntry,
  DeliveryList,
} from '@almquest/contracts/coordinator';
import type { NotificationKind } from '@almquest/contracts/notifications';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows, isoOf } from '../../db/client';

const PAGE = 50;

type Row = {
  id: number;
  at: Date | string;
  kind: NotificationKind;
  user_id: string;
  name: string;
  role: DeliveryEntry['person']['role'];
  package_id: string | null;
  quantity: number | null;
  address: string | null;
  deliveries: {
    channel: DeliveryChannel;
    state: ChannelOutcome['state'];
    provider_status: ChannelOutcome['providerStatus'];
    attempts: number;
    done_at: string | null;
    last_error: string | null;
  }[];
};

/** How sure a state is that the message arrived: a push to any device that took it counts. */
const RANK: Record<ChannelOutcome['state'], number> = {
  sent: 3,
  pending: 2,
  failed: 1,
  dropped: 0,
};

/** One outcome per channel: a person's devices are one push, told by the best of them. */
function outcomesOf(deliveries: Row['deliveries']): ChannelOutcome[] {
  const byChannel = new Map<DeliveryChannel, ChannelOutcome>();
  for (const d of deliveries) {
    const seen = byChannel.get(d.channel);
    const outcome: ChannelOutcome = {
      channel: d.channel,
      state: d.state,
      providerStatus: d.provider_status,
      attempts: d.attempts,
      at: d.done_at === null ? null : isoOf(d.done_at),
      error: d.last_error,
      count: 1,
    };
    if (!seen) {
      byChannel.set(d.channel, outcome);
      continue;
    }
    const best = RANK[outcome.state] > RANK[seen.state] ? outcome : seen;
    byChannel.set(d.channel, {
      ...best,
      attempts: Math.max(seen.attempts, outcome.attempts),
      count: seen.count + 1,
    });
  }
  return [...byChannel.values()];
}

/** The channel sent first: the one that reached the person soonest. */
function firstReached(outcomes: ChannelOutcome[]): DeliveryChannel | null {
  const sent = outcomes
    .filter((o) => o.state === 'sent' && o.at !== null)
    .sort((a, b) => a.at!.localeCompare(b.at!));
  return sent[0]?.channel ?? null;
}

/**
 * The console's deliveries (decision 039): each notification of the last seven days (the outbox
 * keeps finished rows a week), newest first, and how each channel did with it (none: only the
 * bell in the app had it); `failedOnly`, what did not arrive: the dead letters, what was dropped,
 * and what reached the person on no channel.
 */
export async function listDeliveries(
  db: AppDb,
  { cursor, failedOnly }: { cursor: number | undefined; failedOnly: boolean },
): Promise<DeliveryList> {
  const rows = await queryRows<Row>(
    db,
    sql`select n.id, n.created_at as at, n.kind, u.id as user_id, u.name, n.user_type as role,
               n.package_id, n.package_quantity as quantity, n.package_address as address,
               (select coalesce(json_agg(json_build_object(
                         'channel', d.channel, 'state', d.state,
                         'provider_status', d.provider_status, 'attempts', d.attempts,
                         'done_at', d.done_at, 'last_error', d.last_error) order by d.id), '[]')
                  from notification_deliveries d where d.notification_id = n.id) as deliveries
          from notifications n
          join users u on u.id = n.user_id
         where n.created_at > now() - interval '7 days'
           -- What did not arrive: a channel that gave up or dropped it, or nothing that reached
           -- the person at all (no channel on, or every one failed), while nothing still tries.
           ${
             failedOnly
               ? sql`and (exists (select 1 from notification_deliveries d
                                   where d.notification_id = n.id
                                     and d.state in ('failed', 'dropped'))
                          or not exists (select 1 from notification_deliveries d
                                          where d.notification_id = n.id
                                            and d.state in ('sent', 'pending')))`
               : sql``
           }
           ${cursor ? sql`and n.id < ${cursor}` : sql``}
         order by n.id desc
         limit ${PAGE + 1}`,
  );
  const page = rows.slice(0, PAGE);
  return {
    entries: page.map((row) => {
      const channels = outcomesOf(row.deliveries);
      return {
        id: Number(row.id),
        at: isoOf(row.at),
        kind: row.kind,
        person: { id: row.user_id, name: row.name, role: row.role },
        package:
          row.package_id !== null && row.quantity !== null
            ? { id: row.package_id, quantity: row.quantity, address: row.address ?? '' }
            : null,
        channels,
        firstReached: firstReached(channels),
      };
    }),
    nextCursor: rows.length > PAGE ? Number(page[page.length - 1]!.id) : null,
  };
}
