import type { MessagingChannelSettings } from '@almquest/contracts/messaging';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAppCatalog } from '../../../i18n/catalog-parts';
import { I18nProvider } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { PhoneSettings } from './phone-settings';

const off: MessagingChannelSettings = { available: true, state: 'off', phone: null, updates: true };

/** The server's side as the API answers it: a code 246810, updates kept, off again. */
function messagingApi(start: MessagingChannelSettings = off) {
  let whatsapp = { ...start };
  const answer = () => ({ status: 200, data: whatsapp });
  return fakeApi({
    'GET /messaging': () => ({
      status: 200,
      data: { whatsapp, sms: { available: false, state: 'off', phone: null, updates: true } },
    }),
    'POST /messaging/whatsapp': () => {
      whatsapp = { ...whatsapp, state: 'verifying', phone: '9876500001' };
      return { status: 202, data: whatsapp };
    },
    'POST /messaging/whatsapp/verify': ({ body }) => {
      if ((body as { code: string }).code !== '246810') {
        return {
          status: 400,
          data: {
            error: {
              code: 'validation_failed',
              message: 'That is not the code we sent. Check it and try again.',
              fields: { code: 'That is not the code we sent. Check it and try again.' },
            },
          },
        };
      }
      whatsapp = { ...whatsapp, state: 'on' };
      return answer();
    },
    'PATCH /messaging/whatsapp': ({ body }) => {
      whatsapp = { ...whatsapp, ...(body as object) };
      return answer();
    },
    'DELETE /messaging/whatsapp': () => {
      whatsapp = { ...whatsapp, state: 'off', phone: null };
      return answer();
    },
  });
}

function renderIt(isDistributor = true) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider>
        <PhoneSettings isDistributor={isDistributor} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('WhatsApp and SMS in how we reach you', () => {
  beforeAll(() => loadAppCatalog());

  it('is turned on with the code sent to the phone, and can be turned off', async () => {
    const api = messagingApi();
    renderIt();
    const section = await screen.findByRole('region', { name: 'WhatsApp' });
    expect(within(section).getByText(/Get offers on WhatsApp, with Accept and Decline/));
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on WhatsApp' }));
    await within(section).findByText(/We sent a 6-digit code to WhatsApp at \+91 98765/);
    const code = within(section).getByRole('textbox', { name: 'Code from WhatsApp' });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    // A wrong code: the server's words, tied to the field and read out.
    await userEvent.type(code, '111111');
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'That is not the code we sent.',
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, '246810{Enter}');
    await within(section).findByText(/WhatsApp is on for \+91 98765 00001/);
    // The Confirm button went with the code's state: the focus is on the section's heading.
    expect(within(section).getByRole('heading', { name: 'WhatsApp' })).toHaveFocus();
    const box = within(section).getByRole('checkbox', { name: /Updates about my packages too/ });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(box).not.toBeChecked();
    expect(api.calls.find((c) => c.method === 'PATCH')?.data).toEqual({ updates: false });

    await userEvent.click(within(section).getByRole('button', { name: 'Turn off WhatsApp' }));
    await within(section).findByRole('button', { name: 'Turn on WhatsApp' });
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('tells a person who sent STOP how to start again, and a donor of updates only', async () => {
    messagingApi({ available: true, state: 'stopped', phone: '9876500001', updates: true });
    renderIt(false);
    const section = await screen.findByRole('region', { name: 'WhatsApp' });
    expect(within(section).getByText(/You sent STOP from WhatsApp/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Turn on WhatsApp' })).toBeEnabled();
  });

  it('offers SMS beside WhatsApp where the server sends both, each on its own', async () => {
    let sms: MessagingChannelSettings = { ...off };
    const api = fakeApi({
      'GET /messaging': () => ({ status: 200, data: { whatsapp: off, sms } }),
      'POST /messaging/sms': () => {
        sms = { ...sms, state: 'verifying', phone: '9876500002' };
        return { status: 202, data: sms };
      },
      'POST /messaging/sms/verify': () => {
        sms = { ...sms, state: 'on' };
        return { status: 200, data: sms };
      },
    });
    renderIt();
    const whatsapp = await screen.findByRole('region', { name: 'WhatsApp' });
    const section = screen.getByRole('region', { name: 'SMS' });
    expect(within(section).getByText(/Get offers by SMS, with a link to answer them/));
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on SMS' }));
    await within(section).findByText(/We sent a 6-digit code by SMS to \+91 98765/);
    await userEvent.type(
      within(section).getByRole('textbox', { name: 'Code from the SMS' }),
      '135790{Enter}',
    );
    await within(section).findByText(/SMS is on for \+91 98765 00002/);
    // WhatsApp's section stayed as it was.
    expect(within(whatsapp).getByRole('button', { name: 'Turn on WhatsApp' })).toBeEnabled();
    expect(api.calls.filter((c) => c.url.startsWith('/messaging/whatsapp'))).toEqual([]);
    expect(api.calls.find((c) => c.url === '/messaging/sms/verify')?.data).toEqual({
      code: '135790',
    });
  });

  it('keeps the keyboard in the section when a code cannot be sent', async () => {
    fakeApi({
      'GET /messaging': () => ({
        status: 200,
        data: { whatsapp: off, sms: { ...off, available: false } },
      }),
      'POST /messaging/whatsapp': () => ({
        status: 503,
        data: {
          error: {
            code: 'service_unavailable',
            message: 'We could not send the code just now. Please try again in a few minutes.',
          },
        },
      }),
    });
    renderIt();
    const section = await screen.findByRole('region', { name: 'WhatsApp' });
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on WhatsApp' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'We could not send the code just now.',
    );
    expect(within(section).getByRole('heading', { name: 'WhatsApp' })).toHaveFocus();
  });

  it('is not shown where the server has no WhatsApp', async () => {
    const api = messagingApi({ ...off, available: false });
    const { container } = renderIt();
    await screen.findByRole('status').catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.some((c) => c.url === '/messaging')).toBe(true);
    expect(container.textContent).toBe('');
  });
});
