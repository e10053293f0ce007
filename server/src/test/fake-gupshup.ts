import { randomInt } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALES, type Locale } from '@almquest/contracts/locales';
import {
  DLT_VARIABLE,
  DLT_VARIABLE_MAX,
  SMS_REGISTERED,
  SMS_TEMPLATES,
  type SmsTemplate,
} from '../lib/sms-templates';

export const SMS_SECRET = 'sms-webhook-secret-for-tests-0123456789';
export const SENDER_ID = 'ALMQST';
export const ENTITY_ID = '1101234567890123456';
export const REPLY_NUMBER = '9223456789';
const USER_ID = '2000123456';
const PASSWORD = 'gupshup-password';

/** The DLT id a test registers each template under: its place in the list and the language's. */
const idOf = (template: SmsTemplate, locale: Locale) =>
  `11070000000000${String(SMS_TEMPLATES.indexOf(template)).padStart(3, '0')}${LOCALES.indexOf(locale)}0`;

/**
 * Gupshup's Enterprise SMS API as its documents describe it, on a port of its own, with DLT's
 * scrubbing: a send must name the account, the registered sender id and entity, and a template
 * id whose text (with `state.origin` for {origin}) it matches exactly, each variable at most 30
 * characters, Hindi and Bengali as Unicode_text. It answers `success | <number> | <id>` and
 * keeps what it was sent; `down` makes it answer 503, `refuseWith` an `error | <code> | …`.
 */
export function fakeGupshup() {
  const sent: {
    to: string;
    text: string;
    template: SmsTemplate;
    locale: Locale;
    values: string[];
    id: string;
  }[] = [];
  const state: {
    down: boolean;
    refuseWith: { code: string; text: string } | null;
    /** The address the operator wrote into the templates it registered (the app's origin). */
    origin: string;
  } = { down: false, refuseWith: null, origin: 'http://localhost:8080' };
  /** Each registered text as a pattern: its fixed words exactly, its variables captured. */
  const registered = (id: string) => {
    for (const template of SMS_TEMPLATES) {
      for (const locale of LOCALES) {
        if (idOf(template, locale) !== id) continue;
        const text = SMS_REGISTERED[template].languages[locale].replaceAll(
          '{origin}',
          state.origin,
        );
        const pattern = text
          .split(DLT_VARIABLE)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('([^\\n]+?)');
        return { template, locale, pattern: new RegExp(`^${pattern}$`, 'u') };
      }
    }
    return undefined;
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const answer = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(text);
      };
      if (req.method !== 'POST' || req.url !== '/GatewayAPI/rest') return answer(404, 'Not found');
      if (state.down) return answer(503, 'Service Unavailable');
      const form = new URLSearchParams(raw);
      const field = (name: string) => form.get(name) ?? '';
      for (const name of [
        'method',
        'send_to',
        'msg',
        'msg_type',
        'userid',
        'password',
        'mask',
        'principalEntityId',
        'dltTemplateId',
      ]) {
        if (!form.has(name)) return answer(200, `error | 101 | PARAMETER MISSING ${name}`);
      }
      if (field('userid') !== USER_ID || field('password') !== PASSWORD) {
        return answer(200, 'error | 102 | AUTH FAILED');
      }
      if (field('method') !== 'SendMessage' || field('v') !== '1.1') {
        return answer(200, 'error | 106 | METHOD NOT SUPPORTED');
      }
      if (!/^91[6-9]\d{9}$/.test(field('send_to'))) return answer(200, 'error | 105 | INVALID PH');
      if (field('mask') !== SENDER_ID || field('principalEntityId') !== ENTITY_ID) {
        return answer(200, 'error | 108 | INVALID MASK');
      }
      if (state.refuseWith) {
        return answer(200, `error | ${state.refuseWith.code} | ${state.refuseWith.text}`);
      }
      // DLT's scrubbing: the template named, the text it registered, Unicode where needed.
      const found = registered(field('dltTemplateId'));
      const text = field('msg');
      const match = found?.pattern.exec(text);
      const values = match ? match.slice(1) : [];
      if (!found || !match || values.some((v) => Array.from(v).length > DLT_VARIABLE_MAX)) {
        return answer(200, `error | 630 | TEMPLATE NOT MATCHED ${field('dltTemplateId')}`);
      }
      const unicode = /[^\x20-\x7e\n]/.test(text);
      if (field('msg_type') !== (unicode ? 'Unicode_text' : 'TEXT')) {
        return answer(200, 'error | 112 | INVALID MESSAGE TYPE');
      }
      const id = `${randomInt(1e9)}${sent.length}-${randomInt(1e9)}`;
      sent.push({
        to: field('send_to'),
        text,
        template: found.template,
        locale: found.locale,
        values,
        id,
      });
      answer(200, `success | ${field('send_to')} | ${id}`);
    });
  });
  return {
    sent,
    state,
    /** Starts it; answers the settings that point an app at it (the template ids in a file). */
    async start({
      replies = true,
      port: asked = 0,
    }: { replies?: boolean; port?: number } = {}): Promise<Record<string, string>> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(asked, '127.0.0.1', resolve);
      });
      const { port } = server.address() as AddressInfo;
      const ids = Object.fromEntries(
        SMS_TEMPLATES.map((t) => [t, Object.fromEntries(LOCALES.map((l) => [l, idOf(t, l)]))]),
      );
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'almquest-sms-')), 'ids.json');
      writeFileSync(file, JSON.stringify(ids));
      return {
        GUPSHUP_USERID: USER_ID,
        GUPSHUP_PASSWORD: PASSWORD,
        GUPSHUP_API_URL: `http://127.0.0.1:${port}/GatewayAPI/rest`,
        SMS_SENDER_ID: SENDER_ID,
        SMS_DLT_ENTITY_ID: ENTITY_ID,
        SMS_DLT_TEMPLATES: file,
        SMS_WEBHOOK_SECRET: SMS_SECRET,
        ...(replies ? { SMS_REPLY_NUMBER: REPLY_NUMBER, SMS_REPLY_KEYWORD: 'ALMQ' } : {}),
      };
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Gupshup's call for an SMS a person sent to the reply number, as its keyword settings make it. */
export const inboundQuery = (from: string, content: string, timestamp = String(Date.now())) => ({
  phonecode: REPLY_NUMBER,
  keyword: content.split(/\s/)[0] ?? '',
  location: 'Kolkata',
  carrier: 'Jio',
  content,
  msisdn: from,
  timestamp,
});
