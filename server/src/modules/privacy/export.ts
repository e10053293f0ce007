import { PRIVACY_NOTICE_VERSION } from '@almquest/contracts/privacy';
import { sql, type SQL } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';

/** What a donor's export leaves out of a package not yet accepted: who it is offered to. */
const BEFORE_ACCEPTANCE_DISTRIBUTOR = `{distributor_id,distributor_name,distributor_phone,meet_address,meet_lat,meet_lng,donor_path}`;
/** What an offered distributor's export leaves out: who the donor is and where exactly. */
const BEFORE_ACCEPTANCE_DONOR = `{donor_id,donor_name,donor_phone,address,lat,lng,meet_address,meet_lat,meet_lng,group_id,standing_id}`;

/**
 * Everything AlmQuest holds about one person, as JSON they can take elsewhere (DPDP Act s.11;
 * decision 043). Rows come whole but for secrets that would let someone act as them (session and
 * calendar hashes, push keys, codes) and what is about other people: the other side of a package
 * appears as its package shows it to this person, a report about them without who made it.
 * One transaction, so the parts agree with each other.
 */
export async function exportPersonalData(db: AppDb, userId: string, origin: string) {
  return db.transaction(
    async (tx) => {
      const rows = (query: SQL) => queryRows<{ row: Record<string, unknown> }>(tx, query);
      const list = async (query: SQL) => (await rows(query)).map((r) => r.row);
      const one = async (query: SQL) => (await rows(query))[0]?.row ?? null;

      const account = await one(sql`
        select to_jsonb(u) - 'calendar_token_hash' - 'area_earth' - 'area_lat' - 'area_lng'
               || jsonb_build_object('has_calendar_feed', u.calendar_token_hash is not null) as row
          from users u where u.id = ${userId}`);
      if (!account) return null;
      return {
        about: {
          service: 'AlmQuest',
          origin,
          exportedAt: new Date().toISOString(),
          currentNotice: PRIVACY_NOTICE_VERSION,
          guide:
            'Times are UTC (ISO 8601); distances in km; lat/lng in degrees. "packages.asDonor" are the packages you gave, with the distributor as the package showed them to you; "packages.asDistributor" those you collected. Secrets (sign-in, calendar and push keys, codes) are left out: they are not about you, and they would let the holder of this file act as you.',
        },
        account,
        donor: await one(sql`select to_jsonb(d) as row from donors d where d.user_id = ${userId}`),
        distributor: await one(sql`
          select to_jsonb(d) - 'area_earth' - 'area_lat' - 'area_lng' as row
            from distributors d where d.user_id = ${userId}`),
        consents: await list(sql`
          select jsonb_build_object('notice', notice, 'locale', locale, 'isAdult', is_adult,
                                    'acceptedAt', accepted_at) as row
            from consent_receipts where user_id = ${userId} order by accepted_at`),
        packages: {
          // Until a distributor accepts, neither side knows the other (RELIABILITY.md, privacy
          // before acceptance): an offer's other side is left out, as its page leaves it out.
          asDonor: await list(sql`
            select case when p.paired_at is null
                        then to_jsonb(p) - ${BEFORE_ACCEPTANCE_DISTRIBUTOR}::text[]
                        else to_jsonb(p) end
                   - 'idempotency_key' - 'handover_code' - 'distributor_address'
                   - 'distributor_lat' - 'distributor_lng' - 'distributor_path' as row
              from packages p where p.donor_id = ${userId} order by p.created_at`),
          asDistributor: await list(sql`
            select case when p.paired_at is null
                        then to_jsonb(p) - ${BEFORE_ACCEPTANCE_DONOR}::text[]
                        else to_jsonb(p) end
                   - 'idempotency_key' - 'handover_code' - 'donor_path' as row
              from packages p where p.distributor_id = ${userId} order by p.created_at`),
        },
        donationGroups: await list(sql`
          select to_jsonb(g) as row from donation_groups g where g.donor_id = ${userId}
           order by g.created_at`),
        standingDonations: await list(sql`
          select to_jsonb(s) || jsonb_build_object('days',
                   (select coalesce(jsonb_agg(to_jsonb(d) order by d.on_date), '[]')
                      from standing_donation_days d where d.standing_id = s.id)) as row
            from standing_donations s where s.donor_id = ${userId} order by s.created_at`),
        standingPickups: await list(sql`
          select jsonb_build_object('standingId', standing_id, 'since', created_at,
                                    'stopped', false) as row
            from standing_pickups where distributor_id = ${userId}
          union all
          select jsonb_build_object('standingId', standing_id, 'since', created_at,
                                    'stopped', true)
            from standing_pickup_stops where distributor_id = ${userId}`),
        notifications: await list(sql`
          select to_jsonb(n) as row from notifications n where n.user_id = ${userId}
           order by n.created_at`),
        deliveries: await list(sql`
          select to_jsonb(d) - 'subscription_id' as row
            from notification_deliveries d
            join notifications n on n.id = d.notification_id
           where n.user_id = ${userId} order by d.created_at`),
        devices: await list(sql`
          select jsonb_build_object('id', id, 'pushService', split_part(endpoint, '/', 3),
                                    'addedAt', created_at) as row
            from push_subscriptions where user_id = ${userId} order by created_at`),
        messaging: await list(sql`
          select to_jsonb(m) - 'code_hash' - 'code_tries' - 'code_expires_at' as row
            from messaging_channels m where m.user_id = ${userId}`),
        sessions: await list(sql`
          select jsonb_build_object('startedAt', created_at, 'expiresAt', expires_at) as row
            from sessions where user_id = ${userId} order by created_at`),
        reportsMade: await list(sql`
          select jsonb_build_object('packageId', package_id, 'reason', reason, 'note', note,
                                    'at', created_at, 'closedAt', closed_at) as row
            from package_reports where reporter_id = ${userId} order by created_at`),
        // About this person's packages: what was said and when, not by whom.
        reportsAboutYou: await list(sql`
          select jsonb_build_object('packageId', r.package_id, 'reason', r.reason,
                                    'at', r.created_at, 'closedAt', r.closed_at) as row
            from package_reports r join packages p on p.id = r.package_id
           where (p.donor_id = ${userId} or p.distributor_id = ${userId})
             and r.reporter_id is distinct from ${userId}
           order by r.created_at`),
        coordinatorActions: await list(sql`
          select jsonb_build_object('action', action, 'reason', reason, 'at', at) as row
            from audit_log where target_kind = 'user' and target_id = ${userId}::text
           order by at`),
        contactMessages: await list(sql`
          select jsonb_build_object('name', name, 'email', email, 'message', message,
                                    'at', created_at) as row
            from contact_messages
           where lower(email) = lower(${account['email'] as string}) order by created_at`),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
