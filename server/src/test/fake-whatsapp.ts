import { createHmac, randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Meta's Graph API as the Cloud API documents it, on a port of its own: takes
 * POST /<phone number id>/messages with the bearer token, answers a wamid, and keeps what it was
 * sent. `down` makes it answer 500, as Meta does when it cannot take a message.
 */
export function fakeGraphApi() {
  const sent: { to: string; type: string; id: string; body: Record<string, unknown> }[] = [];
  const state: {
    down: boolean;
    token: string;
    /** Refuses every send with this answer (Meta's rate limits come as a 400 with a code). */
    refuseWith: { status: number; code: number; message: string } | null;
  } = { down: false, token: 'graph-token-1', refuseWith: null };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== `/v23.0/${PHONE_NUMBER_ID}/messages`) {
        return answer(404, { error: { message: 'Unknown path', code: 100 } });
      }
      if (req.headers.authorization !== `Bearer ${state.token}`) {
        return answer(401, { error: { message: 'Invalid OAuth access token', code: 190 } });
      }
      if (state.down) return answer(500, { error: { message: 'Service unavailable', code: 2 } });
      if (state.refuseWith) {
        const { status, code, message } = state.refuseWith;
        return answer(status, { error: { message: `(#${code}) ${message}`, code } });
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string') {
        return answer(400, { error: { message: 'Invalid parameter', code: 100 } });
      }
      const id = `wamid.${sent.length + 1}.${randomInt(1e9)}`;
      sent.push({ to: body.to, type: String(body.type), id, body });
      answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      });
    });
  });
  return {
    server,
    sent,
    state,
    /** Starts it; answers the WHATSAPP_* settings that point an app at it. */
    async start(): Promise<Record<string, string>> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        WHATSAPP_ACCESS_TOKEN: state.token,
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
        WHATSAPP_API_URL: `http://127.0.0.1:${port}/v23.0/`,
      };
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export const APP_SECRET = 'app-secret-for-tests';
export const VERIFY_TOKEN = 'verify-token-for-tests';
export const PHONE_NUMBER_ID = '100200300';

/** Meta signs the exact bytes it sends, with non-ASCII written as \uXXXX escapes. */
export function metaBody(payload: unknown): string {
  return JSON.stringify(payload).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
export const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const newId = () => `wamid.in.${randomInt(1e12)}`;

/** A webhook post of Meta's envelope around one change's value, for our number. */
function envelope(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A webhook post carrying one text message from a phone. */
export function textFrom(phone: string, text: string, id = newId()) {
  return envelope({
    contacts: [{ profile: { name: 'आशा' }, wa_id: phone }],
    messages: [{ from: phone, id, timestamp: '1795900000', type: 'text', text: { body: text } }],
  }) as ReturnType<typeof envelope> & {
    entry: { changes: { value: { metadata: { phone_number_id: string } } }[] }[];
  };
}

/** A press of a template's quick-reply button, carrying the payload it was sent with. */
export function pressFrom(phone: string, payload: string, id = newId(), title = 'Accept') {
  return envelope({
    contacts: [{ profile: { name: 'Ravi' }, wa_id: phone }],
    messages: [
      {
        context: { from: '15550001111', id: 'wamid.sent' },
        from: phone,
        id,
        timestamp: '1795900100',
        type: 'button',
        button: { text: title, payload },
      },
    ],
  });
}

/** Meta's status callback for a message it took from us. */
export function statusOf(
  wamid: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  recipient: string,
  errors?: { code: number; title: string }[],
) {
  return envelope({
    statuses: [
      {
        id: wamid,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: recipient,
        ...(errors ? { errors } : {}),
      },
    ],
  });
}

/** A mobile number no other test uses (the webhook finds channels by number). */
export const uniquePhone = () => `9${String(randomInt(100_000_000, 999_999_999))}`;
