import type { Locale } from '@almquest/contracts/locales';
import type { Config } from '../../config';

export type WhatsappConfig = NonNullable<Config['whatsapp']>;

/**
 * A send Meta refused or could not be reached for; `status` null when no answer came, `code`
 * Meta's own error code when it gave one.
 */
export class WhatsappSendError extends Error {
  override name = 'WhatsappSendError';
  constructor(
    readonly status: number | null,
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

/** How long a send may take before it counts as failed (Meta answers in well under a second). */
const SEND_TIMEOUT_MS = 10_000;

/** WhatsApp's number for a stored Indian mobile: country code and ten digits, no plus. */
export const whatsappNumber = (e164: string) => e164.replace(/^\+/, '');

async function post(config: WhatsappConfig, body: unknown): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new WhatsappSendError(null, `WhatsApp could not be reached: ${(error as Error).message}`);
  }
  const answer = (await res.json().catch(() => null)) as {
    messages?: { id?: unknown }[];
    error?: { message?: unknown; code?: unknown };
  } | null;
  const id = answer?.messages?.[0]?.id;
  if (!res.ok || typeof id !== 'string') {
    const said =
      typeof answer?.error?.message === 'string' ? answer.error.message : 'no message id';
    const code = typeof answer?.error?.code === 'number' ? answer.error.code : null;
    throw new WhatsappSendError(
      res.status,
      `WhatsApp refused the message (${res.status}${code === null ? '' : `, code ${code}`}): ${said}`,
      code,
    );
  }
  return id;
}

/**
 * Sends an approved template (ops/messaging/whatsapp-templates.json) in the person's language,
 * with its body's variables in order, and for an authentication template the code its copy
 * button carries. Answers Meta's message id (wamid).
 */
export function sendTemplate(
  config: WhatsappConfig,
  {
    to,
    template,
    locale,
    variables,
    copyCode,
    quickReplies = [],
  }: {
    to: string;
    template: string;
    locale: Locale;
    variables: string[];
    copyCode?: string;
    /** The payloads of the template's quick-reply buttons, in order. */
    quickReplies?: readonly string[];
  },
): Promise<string> {
  const components: unknown[] = [
    { type: 'body', parameters: variables.map((text) => ({ type: 'text', text })) },
  ];
  if (copyCode !== undefined) {
    components.push({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: copyCode }],
    });
  }
  quickReplies.forEach((payload, index) => {
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    });
  });
  return post(config, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: whatsappNumber(to),
    type: 'template',
    template: { name: template, language: { code: locale }, components },
  });
}

/** Free text, allowed only within 24 hours of the person's last message to us. */
export function sendText(config: WhatsappConfig, { to, text }: { to: string; text: string }) {
  return post(config, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: whatsappNumber(to),
    type: 'text',
    text: { body: text, preview_url: false },
  });
}
