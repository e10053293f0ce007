import { MAIL_TOPICS, type MailTopic } from '@almquest/contracts/push';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { keptValue } from '../../db/app-values';
import type { AppDb } from '../../db/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Unsubscribe links (issue #18): `<user id>.<topic>.<signature>`, signed with a secret the server
 * keeps in the database, so the link works without signing in, for as long as the secret lasts,
 * and nobody can make one for somebody else.
 */
export type MailTokens = {
  make(userId: string, topic: MailTopic): string;
  read(token: string): { userId: string; topic: MailTopic } | null;
};

export async function loadMailTokens(db: AppDb): Promise<MailTokens> {
  const secret = Buffer.from(
    await keptValue(db, 'mail_token_secret', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  const signature = (userId: string, topic: string) =>
    createHmac('sha256', secret).update(`unsubscribe:${userId}:${topic}`).digest().subarray(0, 18);
  return {
    make: (userId, topic) => `${userId}.${topic}.${signature(userId, topic).toString('base64url')}`,
    read(token) {
      const [userId = '', topic = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || !UUID.test(userId)) return null;
      if (!(MAIL_TOPICS as readonly string[]).includes(topic)) return null;
      const expected = signature(userId, topic);
      const actual = Buffer.from(given, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      return { userId, topic: topic as MailTopic };
    },
  };
}
