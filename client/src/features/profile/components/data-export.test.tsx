import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastViewport } from '../../../components/ui/toast-viewport';
import { I18nProvider } from '../../../i18n/i18n';
import { AlertsProvider } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { DataExport } from './data-export';

function show() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider>
        <AlertsProvider>
          <MemoryRouter>
            <DataExport />
            <ToastViewport />
          </MemoryRouter>
        </AlertsProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('downloading one’s data', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves the file from the profile, and says so when the server refuses', async () => {
    let refuse = false;
    fakeApi({
      'GET /me/export': () =>
        refuse
          ? {
              status: 429,
              data: {
                error: {
                  code: 'rate_limited',
                  message: 'You have downloaded your data many times just now.',
                  words: { key: 'exportTooMany' },
                },
              },
            }
          : { status: 200, data: { account: { name: 'Meera Donor' } } },
    });
    const made: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      made.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const actor = userEvent.setup();
    show();
    await actor.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(made[0]!);
    });
    expect(JSON.parse(text)).toEqual({ account: { name: 'Meera Donor' } });

    refuse = true;
    await actor.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data could not be downloaded')).toBeVisible();
    expect(click).toHaveBeenCalledTimes(1);
  });
});
