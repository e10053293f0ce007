import { createHash, createHmac } from 'node:crypto';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { LiveEvents } from './live-events';

type PusherSettings = NonNullable<Config['pusher']>;

/** Each user listens on their own private channel; never a public one. */
export const userChannel = (userId: string) => `private-user-${userId}`;

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

/**
 * Signs a Pusher HTTP API request (auth_key, auth_timestamp, auth_version, body_md5, then an
 * HMAC-SHA256 of "METHOD\nPATH\nsorted query" with the app secret).
 */
export function signPusherRequest(
  settings: PusherSettings,
  method: string,
  path: string,
  body: string,
  now = Date.now(),
): string {
  const params: Record<string, string> = {
    auth_key: settings.key,
    auth_timestamp: String(Math.floor(now / 1000)),
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
  };
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return `${query}&auth_signature=${hmac(settings.secret, `${method}\n${path}\n${query}`)}`;
}

/** The answer to a private channel subscription request (pusher-js channel authorization). */
export function authorizeChannel(
  settings: PusherSettings,
  socketId: string,
  channel: string,
): { auth: string } {
  return { auth: `${settings.key}:${hmac(settings.secret, `${socketId}:${channel}`)}` };
}

/**
 * Live events through Pusher Channels: each notification is triggered on its user's private
 * channel after commit. Events also reach this process's SSE connections, so both work.
 */
export function withPusher(
  local: LiveEvents,
  settings: PusherSettings,
  logger: Logger,
): LiveEvents {
  const path = `/apps/${settings.appId}/events`;
  return {
    ...local,
    publish(deliveries) {
      local.publish(deliveries);
      for (const delivery of deliveries) {
        const body = JSON.stringify({
          name: 'notification',
          channels: [userChannel(delivery.userId)],
          data: JSON.stringify(delivery.event),
        });
        fetch(`${settings.apiUrl}${path}?${signPusherRequest(settings, 'POST', path, body)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          signal: AbortSignal.timeout(5000),
        })
          .then((res) => {
            if (!res.ok) logger.warn({ status: res.status }, 'Pusher refused a live event');
          })
          .catch((err: unknown) =>
            logger.warn({ err }, 'could not reach Pusher; the client catches up from the list'),
          );
      }
    },
  };
}
