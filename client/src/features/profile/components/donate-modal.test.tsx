import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ToastViewport } from '../../../components/ui/toast-viewport';
import { buildDonorProfile } from '../../../test/data';
import { fakeApi } from '../../../test/fake-api';
import { I18nProvider, loadStartingCatalog } from '../../../i18n/i18n';
import { AlertsProvider } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import { DonateModal } from './donate-modal';

const profile = buildDonorProfile();

/** The modal as the profile page shows it; in `language` as main.tsx starts the app in it. */
function showModal(onClose = vi.fn(), language?: Awaited<ReturnType<typeof loadStartingCatalog>>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider {...(language ? { initial: language } : {})}>
        <MemoryRouter>
          <AlertsProvider>
            <DonateModal profile={profile} isOpen onClose={onClose} />
            <ToastViewport />
          </AlertsProvider>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

function renderModal(onClose = vi.fn()) {
  showModal(onClose);
  return { dialog: screen.getByRole('dialog', { name: 'Add a package' }), onClose };
}

describe('Add a package', () => {
  it("gives the travel capacity and the phone number in the reader's digits", async () => {
    // As main.tsx starts the app in Bengali: its words are there before the first render.
    showModal(vi.fn(), await loadStartingCatalog('bn'));
    expect(await screen.findByDisplayValue('১০ কিলোমিটার')).toBeInTheDocument();
    // One digit system on the page: the phone too (its link, where there is one, dials Latin).
    expect(screen.getByText('+৯১ ৯৮৭৬৫ ৪৩২১০')).toBeInTheDocument();
  });

  it('is prefilled from the profile, with the location read-only until edited', async () => {
    const actor = userEvent.setup();
    const { dialog } = renderModal();
    const d = within(dialog);
    expect(d.getByLabelText('Quantity')).toHaveAttribute('placeholder', 'Number of meals');
    expect(d.getByLabelText('Travel Capacity')).toHaveValue('10 Kilometres');
    expect(d.getByLabelText('Travel Capacity')).toHaveAttribute('type', 'text');
    const place = d.getByRole('combobox', { name: 'Your Current Location' });
    expect(place).toHaveValue('Connaught Place, Central Delhi, Delhi 110001');
    expect(place).toBeDisabled();
    await actor.click(d.getByRole('button', { name: 'Edit Current Location' }));
    expect(place).toBeEnabled();
    await actor.click(d.getByRole('button', { name: 'Save Location' }));
    expect(place).toBeDisabled();
    expect(d.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(d.getByRole('note')).toHaveTextContent('you can cancel a package');
  });

  it('shows field errors and sends nothing when the quantity or distance is wrong', async () => {
    const actor = userEvent.setup();
    const { dialog } = renderModal();
    const d = within(dialog);
    await actor.clear(d.getByLabelText('Travel Capacity'));
    await actor.type(d.getByLabelText('Travel Capacity'), 'far away');
    await actor.click(d.getByRole('button', { name: 'Donate Package' }));
    expect(d.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByLabelText('Travel Capacity')).toHaveAccessibleDescription(
      /Enter a distance in km/,
    );
    // What the food is has no default: vegetarian by mistake would reach veg-only distributors.
    expect(d.getByLabelText('Food')).toHaveAccessibleDescription(/Say what the food is/);
    // Typing in a field takes back what was said about it, and only about it.
    await actor.type(d.getByLabelText('Quantity'), '7');
    expect(d.getByLabelText('Quantity')).not.toHaveAttribute('aria-invalid', 'true');
    expect(d.queryByText('Quantity is required')).not.toBeInTheDocument();
    expect(d.getByLabelText('Travel Capacity')).toHaveAccessibleDescription(
      /Enter a distance in km/,
    );
  });

  it('shows what the server refused next to its field, keeps the form open and says so', async () => {
    const server = fakeApi({
      'POST /donor/donate': () => ({
        status: 400,
        data: {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            fields: { quantity: 'That is more meals than one package may hold.' },
          },
        },
      }),
    });
    const actor = userEvent.setup();
    const { dialog, onClose } = renderModal();
    const d = within(dialog);
    await actor.type(d.getByLabelText('Quantity'), '40');
    await actor.selectOptions(d.getByLabelText('Food'), 'Vegetarian');
    await actor.selectOptions(d.getByLabelText('Kind of food'), 'Packaged, with its label');
    await actor.click(d.getByRole('button', { name: 'Donate Package' }));
    expect(await d.findByLabelText('Quantity')).toHaveAccessibleDescription(
      'That is more meals than one package may hold.',
    );
    // Said in the dialog, beside its buttons: toasts step aside while a dialog is open.
    expect(await d.findByRole('alert')).toHaveTextContent('Your package was not donated');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(d.getByLabelText('Quantity')).toHaveValue('40');
    expect(onClose).not.toHaveBeenCalled();
    expect(server.calls).toEqual([
      expect.objectContaining({ method: 'POST', url: '/donor/donate' }),
    ]);
  });

  it('says at once in the dialog that nothing was sent while offline, and never sends it later', async () => {
    const server = fakeApi({
      'POST /donor/donate': () => ({ status: 201, data: {} }),
    });
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    onlineManager.setOnline(false);
    try {
      const actor = userEvent.setup();
      const { dialog } = renderModal();
      const d = within(dialog);
      await actor.type(d.getByLabelText('Quantity'), '40');
      await actor.selectOptions(d.getByLabelText('Food'), 'Vegetarian');
      await actor.selectOptions(d.getByLabelText('Kind of food'), 'Packaged, with its label');
      await actor.click(d.getByRole('button', { name: 'Donate Package' }));
      expect(await d.findByRole('alert')).toHaveTextContent('You are offline, so nothing was sent');
      expect(d.getByRole('button', { name: 'Donate Package' })).toBeEnabled();
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      Object.defineProperty(Navigator.prototype, 'onLine', online);
      onlineManager.setOnline(true);
    }
    // Back online: nothing held back goes out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toEqual([]);
  });

  it('sends the same donation again with its key and pick-up time, and a changed one with a new key', async () => {
    // The first answer is lost on the way (the server saved it); the donor tries again.
    const server = fakeApi({
      'POST /donor/donate': () => ({
        status: 503,
        data: { error: { code: 'service_unavailable', message: 'Try again.' } },
      }),
    });
    const actor = userEvent.setup();
    const { dialog } = renderModal();
    const d = within(dialog);
    await actor.type(d.getByLabelText('Quantity'), '40');
    await actor.selectOptions(d.getByLabelText('Food'), 'Vegetarian');
    await actor.selectOptions(d.getByLabelText('Kind of food'), 'Cooked, kept hot');
    const send = async () => {
      const before = server.calls.length;
      await actor.click(d.getByRole('button', { name: 'Donate Package' }));
      await vi.waitFor(() => expect(server.calls.length).toBe(before + 1));
    };
    await send();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await send();
    const keyOf = (i: number) => server.headers[i]!['Idempotency-Key'];
    const readyOf = (i: number) => (server.calls[i]!.data as { readyUntil: string }).readyUntil;
    const preparedOf = (i: number) => (server.calls[i]!.data as { preparedAt?: string }).preparedAt;
    expect(keyOf(1)).toBe(keyOf(0));
    expect(readyOf(1)).toBe(readyOf(0));
    expect(preparedOf(0)).toBeDefined();
    expect(preparedOf(1)).toBe(preparedOf(0));
    // Changed details are another donation.
    await actor.clear(d.getByLabelText('Quantity'));
    await actor.type(d.getByLabelText('Quantity'), '30');
    await send();
    expect(keyOf(2)).not.toBe(keyOf(0));
  });

  it('asks when cooked food was cooked, says its 4-hour rule in the form, and sends both', async () => {
    const server = fakeApi({
      'POST /donor/donate': () => ({
        status: 400,
        data: {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            fields: { preparedAt: 'Cooked food must be eaten within 4 hours of cooking' },
            fieldWords: { preparedAt: { key: 'server.preparedTooLongAgo', params: { hours: 4 } } },
          },
        },
      }),
    });
    const actor = userEvent.setup();
    const { dialog } = renderModal();
    const d = within(dialog);
    await actor.type(d.getByLabelText('Quantity'), '12');
    await actor.selectOptions(d.getByLabelText('Food'), 'Vegetarian');
    // Packaged food has no clock of ours: its label says.
    await actor.selectOptions(d.getByLabelText('Kind of food'), 'Packaged, with its label');
    expect(d.queryByLabelText('Cooked')).not.toBeInTheDocument();
    expect(d.getByLabelText('Kind of food')).toHaveAccessibleDescription(/date printed on it/);
    await actor.selectOptions(d.getByLabelText('Kind of food'), 'Cooked, kept hot');
    await actor.selectOptions(d.getByLabelText('Cooked'), '3 hours ago');
    expect(d.getByLabelText('Kind of food')).toHaveAccessibleDescription(
      /within 4 hours of cooking: this food must be picked up and eaten by/,
    );
    await actor.click(d.getByRole('button', { name: 'Donate Package' }));
    // Three hours ago and "in two hours" is five: the form says so before sending anything.
    expect(await d.findByLabelText('Pick up by')).toHaveAccessibleDescription(
      /picked up within 4 hours of cooking/,
    );
    // It sits above the fields that made it wrong: it is brought into view, focused.
    await vi.waitFor(() => expect(d.getByLabelText('Pick up by')).toHaveFocus());
    expect(server.calls).toEqual([]);
    await actor.selectOptions(d.getByLabelText('Pick up by'), 'In 1 hour');
    await actor.selectOptions(d.getByLabelText('Cooked'), '1 hour ago');
    const before = Date.now();
    await actor.click(d.getByRole('button', { name: 'Donate Package' }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    const sent = server.calls[0]!.data as { foodKind: string; preparedAt: string };
    expect(sent.foodKind).toBe('cookedHot');
    expect(before - Date.parse(sent.preparedAt)).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    expect(before - Date.parse(sent.preparedAt)).toBeLessThan(3_600_000 + 60_000);
    // The server's refusal, in the reader's words, beside the field it names.
    expect(await d.findByLabelText('Cooked')).toHaveAccessibleDescription(
      /within 4 hours of cooking/,
    );
  });

  it('offers splitting, ticked from 50 meals until the donor decides, and sends the choice', async () => {
    const server = fakeApi({
      'POST /donor/donate': () => ({
        status: 400,
        data: { error: { code: 'bad_request', message: 'Not now.' } },
      }),
    });
    const actor = userEvent.setup();
    const { dialog } = renderModal();
    const d = within(dialog);
    const split = d.getByLabelText('Can be split across distributors');
    expect(split).toHaveAccessibleDescription(/parts go to several nearby/);
    expect(split).not.toBeChecked();
    await actor.type(d.getByLabelText('Quantity'), '49');
    expect(split).not.toBeChecked();
    await actor.clear(d.getByLabelText('Quantity'));
    await actor.type(d.getByLabelText('Quantity'), '200');
    expect(split).toBeChecked();
    await actor.selectOptions(d.getByLabelText('Food'), 'Vegetarian');
    await actor.selectOptions(d.getByLabelText('Kind of food'), 'Packaged, with its label');
    await actor.click(d.getByRole('button', { name: 'Donate Package' }));
    await screen.findByRole('alert');
    // Unticked by the donor, it stays unticked whatever the quantity.
    await actor.click(split);
    await actor.type(d.getByLabelText('Quantity'), '0');
    expect(split).not.toBeChecked();
    await actor.click(d.getByRole('button', { name: 'Donate Package' }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls.map((c) => (c.data as { allowSplit?: boolean }).allowSplit)).toEqual([
      true,
      false,
    ]);
  });

  it("says a pick-up time chosen in the browser's own date field as the app says times", async () => {
    const actor = userEvent.setup();
    const { dialog } = renderModal();
    const d = within(dialog);
    await actor.selectOptions(d.getByLabelText('Pick up by'), 'Another time…');
    const field = d.getByLabelText('Pick-up time');
    const soon = new Date(Date.now() + 5 * 3_600_000);
    const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    await actor.type(field, local);
    // "28 Nov 2026, 4:41 pm": its day and year, whatever the month's short form.
    expect(field).toHaveAccessibleDescription(
      new RegExp(`^${soon.getDate()} \\S+ ${soon.getFullYear()}, \\d{1,2}:\\d\\d\\s?[ap]m$`),
    );
  });

  it('closes with Cancel or Escape', async () => {
    const actor = userEvent.setup();
    const { dialog, onClose } = renderModal();
    await actor.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await actor.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('Add a package: the location', () => {
  const lehCity = {
    id: 7,
    name: 'Leh',
    kind: 'locality',
    district: 'Leh',
    state: 'Ladakh',
    pin: '194101',
    address: 'Leh, Ladakh 194101',
    coordinates: [34.16, 77.58],
  };

  it('refuses typed text that is not a picked place, and never donates at the old place', async () => {
    const server = fakeApi({ 'GET /places': () => ({ status: 200, data: { places: [] } }) });
    const actor = userEvent.setup();
    const { dialog } = renderModal();
    const d = within(dialog);
    await actor.click(d.getByRole('button', { name: 'Edit Current Location' }));
    const place = d.getByRole('combobox', { name: 'Your Current Location' });
    await actor.clear(place);
    await actor.type(place, 'Leh City');
    await actor.click(d.getByRole('button', { name: 'Save Location' }));
    expect(place).toBeEnabled();
    expect(place).toHaveAccessibleDescription(/Pick a place from the list/);
    await actor.type(d.getByLabelText('Quantity'), '12');
    await actor.selectOptions(d.getByLabelText('Food'), 'Vegetarian');
    await actor.selectOptions(d.getByLabelText('Kind of food'), 'Packaged, with its label');
    await actor.click(d.getByRole('button', { name: 'Donate Package' }));
    expect(place).toHaveAccessibleDescription(/Pick a place from the list/);
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('closes the suggestions on Escape and keeps the dialog and what was typed', async () => {
    fakeApi({ 'GET /places': () => ({ status: 200, data: { places: [lehCity] } }) });
    const actor = userEvent.setup();
    const { dialog, onClose } = renderModal();
    const d = within(dialog);
    await actor.type(d.getByLabelText('Quantity'), '12');
    await actor.selectOptions(d.getByLabelText('Food'), 'Vegetarian');
    await actor.selectOptions(d.getByLabelText('Kind of food'), 'Packaged, with its label');
    await actor.click(d.getByRole('button', { name: 'Edit Current Location' }));
    const place = d.getByRole('combobox', { name: 'Your Current Location' });
    await actor.clear(place);
    await actor.type(place, 'Leh');
    expect(await d.findByRole('option', { name: /Leh/ })).toBeVisible();
    await actor.keyboard('{Escape}');
    expect(place).toHaveAttribute('aria-expanded', 'false');
    expect(onClose).not.toHaveBeenCalled();
    expect(d.getByLabelText('Quantity')).toHaveValue('12');
    // A second Escape, with the list closed, closes the dialog as usual.
    await actor.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
