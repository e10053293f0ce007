import { MAIL_TOPICS, type MailTopic } from '@almquest/contracts/push';
import { createHmac, randomBytes } from 'node:crypto';
import { isSameSecret } from '../../lib/same-secret';
import { keptValue } from '../../db/app-values';
import type { AppDb } from '../../db/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Unsubscribe links: `<user id>.<topic>.<signature>`, signed with a secret the server
 * keeps in the database, so the link works without signing in, for as long as the secret lasts,
 * and nobody can make one for somebody else.
 */
export type MailTokens = {
  make(userId: string, topic: MailTopic): string;
  read(token: string): { userId: string; topic: MailTopic } | null;
  /**
   * The page's undo after an unsubscribe: valid for UNDO_MS, so an old or forwarded e-mail can
   * stop e-mails but never turn them back on.
   */
  makeUndo(userId: string, topic: MailTopic, now?: number): string;
  readUndo(
    token: string,
    now?: number,
  ): { userId: string; topic: MailTopic; issuedAt: Date } | null;
};

export const UNDO_MS = 15 * 60_000;

export async function loadMailTokens(db: AppDb): Promise<MailTokens> {
  const secret = Buffer.from(
    await keptValue(db, 'mail_token_secret', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  const signature = (purpose: string, ...parts: string[]) =>
    createHmac('sha256', secret)
      .update(`${purpose}:${parts.join(':')}`)
      .digest()
      .subarray(0, 18);
  const matches = (given: string, expected: Buffer) =>
    isSameSecret(Buffer.from(given, 'base64url'), expected);
  const isTopic = (topic: string): topic is MailTopic =>
    (MAIL_TOPICS as readonly string[]).includes(topic);
  return {
    make: (userId, topic) =>
      `${userId}.${topic}.${signature('unsubscribe', userId, topic).toString('base64url')}`,
    read(token) {
      const [userId = '', topic = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || !UUID.test(userId) || !isTopic(topic)) return null;
      return matches(given, signature('unsubscribe', userId, topic)) ? { userId, topic } : null;
    },
    makeUndo(userId, topic, now = Date.now()) {
      const until = String(now + UNDO_MS);
      return `${userId}.${topic}.${until}.${signature('undo', userId, topic, until).toString('base64url')}`;
    },
    readUndo(token, now = Date.now()) {
      const [userId = '', topic = '', until = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || !UUID.test(userId) || !isTopic(topic) || !/^\d{13}$/.test(until))
        return null;
      if (Number(until) < now) return null;
      return matches(given, signature('undo', userId, topic, until))
        ? { userId, topic, issuedAt: new Date(Number(until) - UNDO_MS) }
        : null;
    },
  };
}
