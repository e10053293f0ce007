import { type AppProcess, startAppProcess } from '../server/src/test/app-process';
import { signInWithDevProvider } from '../server/src/test/dev-sign-in';

export const SIM_COORDINATOR = 'sim.coordinator@example.org';

/**
 * The real server, started as `npm start` starts it, on a free port with an empty data folder and
 * the simulation's clock (SIM_CLOCK): nothing of it is left behind.
 */
export function startSimApp(env: Record<string, string>): Promise<AppProcess> {
  return startAppProcess('sim', () => ({
    NODE_ENV: 'test',
    SIM_CLOCK: '1',
    COORDINATOR_EMAILS: SIM_COORDINATOR,
    LOG_LEVEL: 'error',
    // The simulated city signs in and donates from one address at a pace no person could.
    RATE_LIMIT_MULTIPLIER: '100000',
    IMPACT_CACHE_SECONDS: '0',
    ...env,
  }));
}

/** A signed-in person's calls: JSON in and out; a refusal is an answer, not an exception. */
export type Caller = {
  call<T = unknown>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  text(method: string, url: string, form: Record<string, string>): Promise<string>;
};

export async function signedIn(baseUrl: string, email: string, name: string): Promise<Caller> {
  const { cookie } = await signInWithDevProvider(baseUrl, email, name);
  return {
    async call(method, url, body) {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          Cookie: cookie,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as never };
    },
    async text(method, url, form) {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.text();
    },
  };
}
