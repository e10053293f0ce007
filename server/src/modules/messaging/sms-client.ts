import type { Locale } from '@almquest/contracts/locales';
import type { Config } from '../../config';
import { needsUnicode, type SmsTemplate, smsText } from '../../lib/sms-templates';

export type SmsConfig = NonNullable<Config['sms']>;

/**
 * A send the provider refused or could not be reached for. `isForGood`: another try would be
 * refused the same way (a bad number, a template DLT does not know); otherwise it may go later.
 */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  constructor(
    message: string,
    readonly isForGood: boolean,
  ) {
    super(message);
  }
}

/** How long a send may take before it counts as failed. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Gupshup's error code that no retry mends (docs.gupshup.io/docs/error-codes): 105, the number is
 * not a phone number. The others (its trouble, our account, a parameter or sender id the operator
 * can put right) are tried again, as long as the outbox keeps trying.
 */
const FOR_GOOD_CODES = new Set(['105']);

/** What an SMS provider does for AlmQuest: one interface, so another provider is one file. */
export type SmsProvider = {
  /** Sends one registered template; answers the provider's message id. */
  send(message: {
    to: string;
    template: SmsTemplate;
    locale: Locale;
    values: string[];
  }): Promise<string>;
};

/**
 * Gupshup's Enterprise SMS API (decision 039): a form post with the account, the DLT sender id,
 * entity and template id, the text exactly as registered, and Unicode for Hindi and Bengali.
 * It answers `success | <number> | <id>` or `error | <code> | <what>` as plain text.
 */
export function gupshup(config: SmsConfig, origin: string): SmsProvider {
  return {
    async send({ to, template, locale, values }) {
      const text = smsText(template, locale, values, origin);
      const form = new URLSearchParams({
        method: 'SendMessage',
        send_to: to.replace(/^\+/, ''),
        msg: text,
        msg_type: needsUnicode(text) ? 'Unicode_text' : 'TEXT',
        userid: config.userId,
        password: config.password,
        auth_scheme: 'plain',
        v: '1.1',
        format: 'text',
        mask: config.senderId,
        principalEntityId: config.entityId,
        dltTemplateId: config.templateIds[template][locale],
      });
      let res: Response;
      try {
        res = await fetch(config.apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsSendError(`SMS could not be reached: ${(error as Error).message}`, false);
      }
      const answer = (await res.text().catch(() => '')).trim();
      const [outcome, second, third] = answer.split('|').map((part) => part.trim());
      if (
        res.ok &&
        outcome?.toLowerCase() === 'success' &&
        third &&
        /^[\w.-]{1,100}$/.test(third)
      ) {
        return third;
      }
      const said = answer.replace(/\p{Cc}/gu, ' ').slice(0, 200) || `HTTP ${res.status}`;
      if (res.ok && outcome?.toLowerCase() === 'error') {
        throw new SmsSendError(
          `SMS refused (code ${second ?? '?'}): ${third ?? said}`,
          FOR_GOOD_CODES.has(second ?? ''),
        );
      }
      throw new SmsSendError(`SMS refused (${res.status}): ${said}`, false);
    },
  };
}
