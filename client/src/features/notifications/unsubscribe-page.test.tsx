import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';

describe('the unsubscribe page', () => {
  it('asks first, stops the e-mails on the press of a button, says which, and can undo it', async () => {
    const api = fakeApi({
      'POST /mail/unsubscribe': ({ body }) => {
        const { resubscribe } = body as { resubscribe: boolean };
        return {
          status: 200,
          data: resubscribe
            ? { topic: 'offers', subscribed: true }
            : { topic: 'offers', subscribed: false, undoToken: 'undo.offers.123.sig' },
        };
      },
    });
    renderApp('/unsubscribe?token=abc.offers.sig');
    // Opening the link changes nothing: a mail scanner's browser may open it and run scripts.
    expect(
      await screen.findByText('Stop e-mails about offers of food to pick up?'),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((c) => c.url === '/mail/unsubscribe')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(
      await screen.findByText('You will no longer get e-mails about offers.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).toBeNull();
    expect(api.calls.filter((c) => c.url === '/mail/unsubscribe')).toEqual([
      {
        method: 'POST',
        url: '/mail/unsubscribe',
        data: { token: 'abc.offers.sig', resubscribe: false },
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn these e-mails back on' }));
    expect(await screen.findByText('E-mails about offers are on again.')).toBeInTheDocument();
    expect(api.calls.at(-1)?.data).toEqual({ token: 'undo.offers.123.sig', resubscribe: true });
  });

  it('says a bad link is not valid, and sends nothing without a token', async () => {
    const api = fakeApi({
      'POST /mail/unsubscribe': () => ({
        status: 400,
        data: {
          error: {
            code: 'validation_failed',
            message: 'Please check token: this unsubscribe link is not valid',
            fields: { token: 'This unsubscribe link is not valid.' },
          },
        },
      }),
    });
    const first = renderApp('/unsubscribe?token=forged');
    expect(await screen.findByText('Stop these e-mails?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid',
    );
    first.unmount();
    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid',
    );
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).toBeNull();
    expect(api.calls.filter((c) => c.url === '/mail/unsubscribe')).toHaveLength(1);
  });
});
