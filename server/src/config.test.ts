import { generateVapidKeys } from './lib/web-push';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startupWarnings } from './config';
import { liveStreamLimit } from './realtime/stream-limit';

describe('loadConfig', () => {
  it('needs no configuration: port 8080 and PGlite under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('pglite');
    if (config.database.kind === 'pglite') {
      expect(config.database.dataDir).toMatch(new RegExp(`${path.sep}data$`));
    }
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/almquest' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/almquest' });
  });

  it('dispatches by record unless DISPATCH_POLICY says nearest; refuses any other', () => {
    expect(loadConfig({}).matching.byRecord).toBe(true);
    expect(loadConfig({ DISPATCH_POLICY: 'nearest' }).matching.byRecord).toBe(false);
    expect(() => loadConfig({ DISPATCH_POLICY: 'fastest' })).toThrow(/DISPATCH_POLICY/);
  });

  it.each(['0.0001', '1e-7', '0x10', '-1', 'abc', '169', 'Infinity', '24h'])(
    'refuses UPKEEP_HOURS=%s with a message naming it',
    (value) => {
      expect(() => loadConfig({ UPKEEP_HOURS: value })).toThrow(/UPKEEP_HOURS/);
    },
  );

  it('runs the upkeep every UPKEEP_HOURS: 24 by default, 0 for never, a quarter hour at least', () => {
    expect(loadConfig({}).upkeepMs).toBe(24 * 3600_000);
    expect(loadConfig({ UPKEEP_HOURS: '0' }).upkeepMs).toBe(0);
    expect(loadConfig({ UPKEEP_HOURS: '0.25' }).upkeepMs).toBe(900_000);
    expect(loadConfig({ UPKEEP_HOURS: '6' }).upkeepMs).toBe(6 * 3600_000);
  });

  // Every number setting reads numbers the same way: plain decimals, nothing else.
  const NUMBER_SETTINGS = {
    SESSION_TTL_DAYS: '30',
    OFFER_MINUTES: '10',
    SPLIT_MIN_MEALS: '10',
    SPLIT_MAX_PARTS: '5',
    UPKEEP_HOURS: '24',
    DEADLINE_SWEEP_SECONDS: '5',
    RATE_LIMIT_MULTIPLIER: '10',
    IMPACT_CACHE_SECONDS: '60',
    LIVE_STREAMS_MAX: '10',
  };
  it.each(Object.entries(NUMBER_SETTINGS))(
    'reads %s=%s, and refuses hex, an exponent, a sign or a unit naming it',
    (name, plain) => {
      expect(() => loadConfig({ [name]: plain })).not.toThrow();
      for (const value of ['0x10', '1e1', '+10', '10 min', 'Infinity']) {
        expect(() => loadConfig({ [name]: value }), value).toThrow(
          new RegExp(`${name}.*plain digits`),
        );
      }
    },
  );

  it.each([
    'a secret with spaces in it',
    'पासवर्ड-जो-लंबा-है-बहुत',
    'token"quote-1234567890',
    '0000000000000000',
    '/////////////////',
    'abababababababababab',
  ])('refuses METRICS_TOKEN=%s: a Bearer header cannot carry it', (value) => {
    expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(/METRICS_TOKEN/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it('stops with a message naming every wrong variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });
});

describe('mail and push', () => {
  it('mails notifications with SMTP_URL alone; contact mail needs CONTACT_TO too', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://mail.example:25' });
    expect(config.notificationMail).toMatchObject({ smtpUrl: 'smtp://mail.example:25' });
    expect(config.contactMail).toBeNull();
    expect(() => loadConfig({ CONTACT_TO: 'ops@example.org' })).toThrow(
      /CONTACT_TO: needs SMTP_URL/,
    );
  });

  it('takes a VAPID key pair only as a matching pair', () => {
    const pair = generateVapidKeys();
    const config = loadConfig({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
    });
    expect(config.push.keys).toEqual(pair);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    const other = generateVapidKeys();
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).toThrow(/not one key pair/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY/);
  });

  it('refuses a PUSH_EXTRA_ORIGINS item that is not an origin, and a bad VAPID_SUBJECT', () => {
    expect(
      loadConfig({ PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:9000, https://push.example/' }).push
        .extraOrigins,
    ).toEqual(['http://127.0.0.1:9000', 'https://push.example']);
    expect(() => loadConfig({ PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:9000/path' })).toThrow(
      /PUSH_EXTRA_ORIGINS/,
    );
    expect(() => loadConfig({ PUSH_EXTRA_ORIGINS: 'not a url' })).toThrow(/PUSH_EXTRA_ORIGINS/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.org' })).toThrow(/VAPID_SUBJECT/);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, loopback', ['10.0.0.0/8', 'loopback']],
    ['fd00::/8', ['fd00::/8']],
    ['::ffff:10.0.0.0/104', ['::ffff:10.0.0.0/104']],
  ])('reads %j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    'true',
    'yes',
    'all',
    '10.0.0.0/33',
    'proxy.example',
    '1.2.3.4/8/9',
    '0.0.0.0/0',
    '::/0',
    '0.0.0.0/1,128.0.0.0/1',
    '10.0.0.0/7',
    '::ffff:0.0.0.0/96',
    '::ffff:0:0/97,::ffff:128.0.0.0/97',
    '::/8',
  ])(
    'refuses %j, naming the variable (trusting every proxy would let clients pick their address)',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe('start-up warnings', () => {
  it('warns loudly when the development sign-in is allowed in production', () => {
    const [warning] = startupWarnings(
      loadConfig({ NODE_ENV: 'production', ALLOW_DEV_IDP: '1' }),
      '24.2.0',
    );
    expect(warning).toContain('DEVELOPMENT SIGN-IN');
    expect(warning).toContain('ANY e-mail address');
  });

  it('warns when a trusted proxy can be gone round: TRUST_PROXY on a port open to everyone', () => {
    const [warning] = startupWarnings(loadConfig({ TRUST_PROXY: '1' }), '24.2.0');
    expect(warning).toContain('HOST=127.0.0.1');
    expect(warning).toContain('escape the per-address rate limits');
    expect(startupWarnings(loadConfig({ TRUST_PROXY: '1', HOST: '127.0.0.1' }), '24.2.0')).toEqual(
      [],
    );
    expect(startupWarnings(loadConfig({ HOST: '0.0.0.0' }), '24.2.0')).toEqual([]);
  });

  it('warns about an old Node.js in production only', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
      GRIEVANCE_EMAIL: 'privacy@example.org',
    });
    expect(startupWarnings(production, '20.19.0')[0]).toContain(
      'Node.js 20.19.0 is past its end of life',
    );
    expect(startupWarnings(production, '24.2.0')).toEqual([]);
    expect(startupWarnings(loadConfig({}), '20.19.0')).toEqual([]);
  });

  it('says nothing in development or with a real provider', () => {
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    expect(
      startupWarnings(
        loadConfig({
          NODE_ENV: 'production',
          OIDC_ISSUER: 'https://accounts.google.com',
          OIDC_CLIENT_ID: 'id',
          GRIEVANCE_EMAIL: 'privacy@example.org',
        }),
        '24.2.0',
      ),
    ).toEqual([]);
  });

  it('takes the privacy notice’s operator and periods, and warns in production without a grievance contact', () => {
    const production = {
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
    };
    expect(startupWarnings(loadConfig(production), '24.2.0')).toEqual([
      expect.stringContaining('GRIEVANCE_EMAIL'),
    ]);
    // The contact address stands in for it.
    const withContact = loadConfig({
      ...production,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      CONTACT_TO: 'team@example.org',
    });
    expect(withContact.privacy.grievance.email).toBe('team@example.org');
    expect(startupWarnings(withContact, '24.2.0')).toEqual([]);
    expect(loadConfig({ GRIEVANCE_DAYS: '15', CONTACT_RETENTION_DAYS: '7' }).privacy).toMatchObject(
      {
        operator: 'The AlmQuest team',
        grievance: { days: 15 },
        retention: { contactAfterFinished: 7, auditEntries: 1095 },
      },
    );
    // A grievance answered in more than 90 days, or audit entries kept less than a year: refused.
    expect(() => loadConfig({ GRIEVANCE_DAYS: '120' })).toThrow(/GRIEVANCE_DAYS/);
    expect(() => loadConfig({ AUDIT_DAYS: '100' })).toThrow(/AUDIT_DAYS/);
    expect(() => loadConfig({ DORMANT_DAYS: '60', DORMANT_WARNING_DAYS: '60' })).toThrow(
      /DORMANT_WARNING_DAYS/,
    );
  });
});

describe('start-up mistakes people make', () => {
  const messageFor = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    return '';
  };

  it.each(['localhost:8080', 'almquest.example.org', 'ftp://example.org', 'http://'])(
    'refuses PUBLIC_URL=%s, naming the variable and the value',
    (value) => {
      const message = messageFor({ PUBLIC_URL: value });
      expect(message).toContain('PUBLIC_URL');
      expect(message).toContain(JSON.stringify(value));
    },
  );

  it.each(['abc', '99999', '80.5', '-1', '0'])(
    'refuses PORT=%s, naming the value given',
    (value) => {
      const message = messageFor({ PORT: value });
      expect(message).toContain('PORT');
      expect(message).toContain(`"${value}" is not a port number`);
    },
  );

  it('reads a port with spaces around it as the other number settings are read', () => {
    expect(loadConfig({ PORT: ' 8081 ' }).port).toBe(8081);
  });

  it('takes PORT=8081 and PUBLIC_URL=http://localhost:8081/', () => {
    const config = loadConfig({ PORT: '8081', PUBLIC_URL: 'http://localhost:8081/' });
    expect(config.port).toBe(8081);
    expect(config.origin).toBe('http://localhost:8081');
  });
});

describe('live streams', () => {
  it.each(['abc', '0', '-5', '2.5'])('refuses LIVE_STREAMS_MAX=%s, naming it', (value) => {
    expect(() => loadConfig({ LIVE_STREAMS_MAX: value })).toThrow(/LIVE_STREAMS_MAX/);
  });

  it('holds as many streams as LIVE_STREAMS_MAX says, or as the open-file limit allows', () => {
    const limits = 'Max open files            1024                 4096                 files\n';
    expect(
      liveStreamLimit(loadConfig({ LIVE_STREAMS_MAX: '3' }).liveStreamsMax, () => limits),
    ).toBe(3);
    expect(liveStreamLimit(loadConfig({}).liveStreamsMax, () => limits)).toBe(1024 * 0.75 - 256);
  });
});

describe('documentation of the configuration', () => {
  it('lists every variable of .env.example in the README configuration table', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const names = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
