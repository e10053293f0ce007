import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type AppDb, type Database, preparedPerDb } from './client';
import type { UserRow } from './rows';
import { sessions, users } from './schema';
import type { SessionRecord } from './session-cache';

/** Only a hash of the token is stored, so a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Starts a new session for the user and returns the token for the cookie. */
export async function createSession(db: AppDb, userId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** Runs on every signed-in request: built and planned once per database connection. */
const sessionUserQuery = preparedPerDb((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql`now()`),
        // A suspended person's sessions are deleted; this holds even for one made in a race.
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

async function loadSession(db: AppDb, idHash: string): Promise<SessionRecord | null> {
  const [row] = await sessionUserQuery(db).execute({ idHash });
  return row ?? null;
}

/**
 * The user behind a session token, if the session exists, has not expired and its person is not
 * suspended: from this process's cache when it has it (no query), else from the database.
 */
export function findSessionUser(
  database: Database,
  token: string,
): UserRow | Promise<UserRow | null> {
  const idHash = hashToken(token);
  // From memory the answer comes at once, so a signed-in read goes on in the same tick.
  return (
    database.sessions.peek(idHash) ??
    database.sessions.lookup(idHash, () => loadSession(database.db, idHash))
  );
}

/** Ends a session; once this resolves, no server process honours it any more. */
export async function deleteSession(database: Database, token: string): Promise<void> {
  await database.db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
  await database.sessions.fence();
}

export async function deleteExpiredSessions(db: AppDb): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
