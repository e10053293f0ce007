import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { devIdpEntries } from '../../db/schema';

/**
 * The development provider's storage (sessions, interactions, codes, grants), in the database
 * so that a sign-in that starts on one server process may finish on another behind a
 * proxy. Everything it holds lives minutes. Written for oidc-provider's adapter interface; one
 * instance per model name.
 */
type Payload = {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
  [key: string]: unknown;
};

/** The models a grant owns (as oidc-provider's own memory adapter counts them). */
const GRANTABLE = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
];
/** Expired rows removed with each write, at most: the table never grows past what is alive. */
const SWEEP_BATCH = 50;

export function createDevIdpStore(db: AppDb) {
  const alive = (key: string) =>
    and(eq(devIdpEntries.key, key), gt(devIdpEntries.expiresAt, sql`now()`));
  const first = async (where: ReturnType<typeof and>): Promise<Payload | undefined> => {
    const [row] = await db
      .select({ payload: devIdpEntries.payload })
      .from(devIdpEntries)
      .where(and(where, gt(devIdpEntries.expiresAt, sql`now()`)))
      .limit(1);
    return (row?.payload as Payload | undefined) ?? undefined;
  };

  return class DevIdpAdapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const expiresAt = sql`now() + make_interval(secs => ${expiresIn ?? 3600})`;
      const row = {
        key: this.key(id),
        model: this.model,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        grantId: payload.grantId ?? null,
        payload,
        expiresAt,
      };
      await db
        .insert(devIdpEntries)
        .values(row)
        .onConflictDoUpdate({
          target: devIdpEntries.key,
          set: {
            uid: row.uid,
            userCode: row.userCode,
            grantId: row.grantId,
            payload,
            expiresAt,
          },
        });
      await db.execute(sql`delete from ${devIdpEntries} where key in (
        select key from ${devIdpEntries} where expires_at <= now() limit ${SWEEP_BATCH})`);
    }

    async find(id: string): Promise<Payload | undefined> {
      return first(alive(this.key(id)));
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      return first(and(eq(devIdpEntries.model, this.model), eq(devIdpEntries.uid, uid)));
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      return first(and(eq(devIdpEntries.model, this.model), eq(devIdpEntries.userCode, userCode)));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(devIdpEntries)
        .set({
          payload: sql`${devIdpEntries.payload} || jsonb_build_object('consumed', extract(epoch from now())::int)`,
        })
        .where(eq(devIdpEntries.key, this.key(id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(devIdpEntries).where(eq(devIdpEntries.key, this.key(id)));
    }

    /** Revoking a grant ends its tokens and codes, not the session or interaction naming it. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db
        .delete(devIdpEntries)
        .where(and(eq(devIdpEntries.grantId, grantId), inArray(devIdpEntries.model, GRANTABLE)));
    }
  };
}

/** What a person typed at the development sign-in, for every process (the Account model). */
export async function saveDevAccount(
  db: AppDb,
  account: { email: string; name: string },
): Promise<void> {
  await new (createDevIdpStore(db))('Account').upsert(account.email, account, 24 * 3600);
}

export async function findDevAccount(
  db: AppDb,
  email: string,
): Promise<{ email: string; name: string } | undefined> {
  const payload = await new (createDevIdpStore(db))('Account').find(email);
  return payload ? { email: String(payload.email), name: String(payload.name) } : undefined;
}
