/**
 * The development provider's storage (sessions, interactions, codes, grants), in this process's
 * memory on purpose: it only bridges a sign-in on a developer's or demo machine, and everything
 * it holds lives minutes. (A real deployment signs in with a real provider, so nothing here has
 * to survive a restart or be shared between processes.) Written for oidc-provider's adapter
 * interface; one instance per model name, all sharing one map.
 */
type Payload = {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
  [key: string]: unknown;
};
type Entry = { payload: Payload; expiresAt: number };

const MAX_ENTRIES = 5000;
/** The models a grant owns (as oidc-provider's own memory adapter counts them). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

export function createDevIdpStore() {
  const entries = new Map<string, Entry>();

  const alive = (key: string): Payload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  return class DevIdpAdapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      // Oldest first out when full: a flood of abandoned sign-ins cannot grow memory forever.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      const expiresAt = Date.now() + (expiresIn ?? 3600) * 1000;
      entries.set(this.key(id), { payload, expiresAt });
    }

    async find(id: string): Promise<Payload | undefined> {
      return alive(this.key(id));
    }

    /** This model's live entry whose payload has `field` equal to `value` (few entries live). */
    private findBy(field: 'uid' | 'userCode', value: string): Payload | undefined {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${this.model}:`) && entry.payload[field] === value) return alive(key);
      }
      return undefined;
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      return this.findBy('uid', uid);
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      return this.findBy('userCode', userCode);
    }

    async consume(id: string): Promise<void> {
      const payload = alive(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    /** Revoking a grant ends its tokens and codes, not the session or interaction naming it. */
    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, entry] of entries) {
        const model = key.slice(0, key.indexOf(':'));
        if (GRANTABLE.has(model) && entry.payload.grantId === grantId) entries.delete(key);
      }
    }
  };
}
