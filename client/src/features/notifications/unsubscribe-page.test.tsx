import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';

describe('the unsubscribe page', () => {
  it('stops the e-mails as it opens, says which, and can turn them back on', async () => {
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
    expect(
      await screen.findByText('You will no longer get e-mails about offers.'),
    ).toBeInTheDocument();
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid',
    );
    first.unmount();
    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid',
    );
    expect(api.calls.filter((c) => c.url === '/mail/unsubscribe')).toHaveLength(1);
  });
});
