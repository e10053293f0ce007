import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ToastViewport } from '../../../components/ui/toast-viewport';
import { I18nProvider } from '../../../i18n/i18n';
import { AlertsProvider } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { ReportButton } from './report-dialog';

const PACKAGE_ID = '5b0c3a52-6a55-4d44-9a0f-0a4a8a6c1f00';

function renderButton(isDonor: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider>
        <AlertsProvider>
          <ReportButton packageId={PACKAGE_ID} isDonor={isDonor} />
          <ToastViewport />
        </AlertsProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('reporting a package', () => {
  it('offers a distributor every reason and sends the one chosen with the note', async () => {
    const server = fakeApi({
      [`POST /package/${PACKAGE_ID}/report`]: () => ({ status: 201, data: { id: 'r1' } }),
    });
    const actor = userEvent.setup();
    renderButton(false);
    await actor.click(screen.getByRole('button', { name: 'Report a problem…' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getAllByRole('radio')).toHaveLength(3);
    await actor.click(dialog.getByRole('radio', { name: 'The food is unsafe' }));
    await actor.type(dialog.getByLabelText(/Anything else/), 'Smelled off');
    await actor.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(server.calls).toContainEqual({
      method: 'POST',
      url: `/package/${PACKAGE_ID}/report`,
      data: { reason: 'unsafe', note: 'Smelled off' },
    });
  });

  it('lets a donor report a no-show only, chosen already', async () => {
    const server = fakeApi({
      [`POST /package/${PACKAGE_ID}/report`]: () => ({ status: 201, data: { id: 'r2' } }),
    });
    const actor = userEvent.setup();
    renderButton(true);
    await actor.click(screen.getByRole('button', { name: 'Report a problem…' }));
    const dialog = within(screen.getByRole('dialog'));
    const radios = dialog.getAllByRole('radio');
    expect(radios).toHaveLength(1);
    expect(dialog.getByRole('radio', { name: 'The other side did not turn up' })).toBeChecked();
    await actor.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(server.calls).toContainEqual({
      method: 'POST',
      url: `/package/${PACKAGE_ID}/report`,
      data: { reason: 'no_show' },
    });
  });
});
