import { isLocale, type Locale } from '@almquest/contracts/locales';
import { type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { type AppDb, queryRows } from '../../db/client';
import type { SmtpSender } from '../../lib/smtp';
import { deleteAccount } from '../users/users.service';
import { DORMANT_WARNING } from './dormant-texts';

const DAY = 86_400_000;
/** At most this many warnings a run, so a first run over years of accounts is spread out. */
const WARNINGS_PER_RUN = 200;
/** How far ahead a warning in progress is marked (see runDormancy). */
const CLAIM_AHEAD_MS = 10 * 365 * DAY;

/**
 * The person (`u`) did something since `since` without signing in on the web: donated, took or
 * handed out a package (also by WhatsApp or SMS, which need no sign-in), or keeps a standing
 * donation or pickup going. Such an account is in use.
 */
const activeSince = (since: SQL) => sql`(
  exists (select 1 from packages p
           where (p.donor_id = u.id or p.distributor_id = u.id)
             and greatest(p.created_at, p.paired_at, p.received_at, p.distributed_at) > ${since})
  or exists (select 1 from standing_donations sd
              where sd.donor_id = u.id and sd.ended_at is null)
  or exists (select 1 from standing_pickups sp where sp.distributor_id = u.id))`;

export type DormancyResult = { warned: number; erased: number; kept: number };

/**
 * Accounts nobody uses are not kept (decision 043): nobody signed in for DORMANT_DAYS, no
 * session alive and no package or standing donation of theirs moving, the person is warned by
 * e-mail; DORMANT_WARNING_DAYS after a warning that went
 * out with no sign-in since (a sign-in clears the warning), the account is deleted as if they had
 * deleted it themselves. Without a mail server nobody is warned, so nobody is erased. An account
 * with a package under way, or suspended, is kept and said in the log.
 */
export async function runDormancy({
  db,
  sender,
  config,
  logger,
  now = new Date(),
}: {
  db: AppDb;
  sender: SmtpSender | null;
  config: Pick<Config, 'privacy' | 'origin'>;
  logger: Logger;
  now?: Date;
}): Promise<DormancyResult> {
  const { dormantAccount, dormantWarning } = config.privacy.retention;
  const result: DormancyResult = { warned: 0, erased: 0, kept: 0 };

  // Someone warned who has been active since (a sign-in clears it too): the warning no longer
  // stands, and a later quiet spell warns them afresh.
  await db.execute(sql`
    update users u set dormant_warned_at = null
     where u.dormant_warned_at <= ${now} and ${activeSince(sql`u.dormant_warned_at`)}`);

  const stillDue = (id: string | null) => sql`
    select u.id from users u
     where u.dormant_warned_at is not null
       and u.dormant_warned_at <= ${new Date(now.getTime() - dormantWarning * DAY)}
       and u.last_sign_in_at < u.dormant_warned_at
       and not ${activeSince(sql`u.dormant_warned_at`)}
       ${id === null ? sql`` : sql`and u.id = ${id}`}`;
  const due = await queryRows<{ id: string }>(
    db,
    sql`${stillDue(null)} order by u.dormant_warned_at limit 500`,
  );
  for (const { id } of due) {
    // Asked again just before: they may have signed in or donated since the list was read.
    if ((await queryRows(db, stillDue(id))).length === 0) continue;
    try {
      await deleteAccount(db, id);
      result.erased += 1;
      logger.info({ userId: id }, 'dormant account erased');
    } catch (err) {
      // A coordinator suspended them, or a package of theirs is under way: kept.
      result.kept += 1;
      logger.warn({ userId: id, err }, 'dormant account kept: it could not be deleted');
    }
  }

  if (!sender) return result;
  const since = new Date(now.getTime() - dormantAccount * DAY);
  const quietWhere = (id: string | null) => sql`
    u.dormant_warned_at is null and u.suspended_at is null
    and u.last_sign_in_at <= ${since}
    and not exists (select 1 from sessions s where s.user_id = u.id and s.expires_at > ${now})
    and not ${activeSince(sql`${since}`)}
    ${id === null ? sql`` : sql`and u.id = ${id}`}`;
  // A warning in progress is marked by a time ten years on (never "warned long enough ago" to
  // erase): claimed before its mail goes, so several processes send one, and replaced by the
  // time it went once it has. A claim an hour old belongs to a process that died: given back.
  const claim = new Date(now.getTime() + CLAIM_AHEAD_MS);
  await db.execute(sql`
    update users set dormant_warned_at = null
     where dormant_warned_at > ${new Date(now.getTime() + CLAIM_AHEAD_MS / 2)}
       and dormant_warned_at < ${new Date(claim.getTime() - 3_600_000)}`);
  const quiet = await queryRows<{ id: string; email: string; name: string; locale: string | null }>(
    db,
    sql`update users set dormant_warned_at = ${claim}
         where id in (select u.id from users u where ${quietWhere(null)}
                       order by u.last_sign_in_at limit ${WARNINGS_PER_RUN}
                       for update skip locked)
           and dormant_warned_at is null
        returning id, email, name, locale`,
  );
  for (const person of quiet) {
    const locale: Locale = isLocale(person.locale) ? person.locale : 'en';
    const words = DORMANT_WARNING[locale];
    const erasedOn = new Date(now.getTime() + dormantWarning * DAY);
    try {
      await sender.send({
        to: { name: person.name, address: person.email },
        subject: words.subject,
        text: words.text({
          name: person.name,
          email: person.email,
          days: new Intl.NumberFormat(`${locale}-IN`).format(dormantAccount),
          date: new Intl.DateTimeFormat(`${locale}-IN`, {
            dateStyle: 'long',
            timeZone: 'Asia/Kolkata',
          }).format(erasedOn),
          origin: config.origin,
          operator: config.privacy.operator,
        }),
      });
    } catch (err) {
      // Not warned, so not erased: the claim is given back and the next run tries again.
      logger.warn({ userId: person.id, err }, 'dormant account warning not sent');
      await db.execute(sql`
        update users set dormant_warned_at = null
         where id = ${person.id} and dormant_warned_at = ${claim}`);
      continue;
    }
    // Warned: its days count from now (a sign-in meanwhile cleared the claim: nothing to mark).
    await db.execute(sql`
      update users set dormant_warned_at = ${now}
       where id = ${person.id} and dormant_warned_at = ${claim}`);
    result.warned += 1;
  }
  return result;
}
