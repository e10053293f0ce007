import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { CoordinatorReasonDialog } from './reason-dialog';

function renderDialog(error: unknown = null) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <I18nProvider>
      <CoordinatorReasonDialog
        title="Suspend Asha"
        intro="They are signed out at once."
        confirm="Suspend"
        isOpen
        isPending={false}
        error={error}
        onClose={onClose}
        onConfirm={onConfirm}
      />
    </I18nProvider>,
  );
  return { onConfirm, onClose };
}

describe('the reason a coordinator gives', () => {
  it('is required: under 3 characters the field says so and nothing is sent', async () => {
    const actor = userEvent.setup();
    const { onConfirm } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Suspend Asha' });
    await actor.type(screen.getByLabelText(/Reason/), ' a ');
    await actor.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(screen.getByLabelText(/Reason/)).toHaveAccessibleDescription(
      'Give a reason (at least 3 characters)',
    );
    expect(onConfirm).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
  });

  it('is sent trimmed; Escape closes the dialog', async () => {
    const actor = userEvent.setup();
    const { onConfirm, onClose } = renderDialog();
    await actor.type(screen.getByLabelText(/Reason/), '  Fake packages  ');
    await actor.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(onConfirm).toHaveBeenCalledWith('Fake packages');
    await actor.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows what the server refused', () => {
    renderDialog(new ApiError(409, 'conflict', 'This person is already suspended.'));
    expect(screen.getByRole('alert')).toHaveTextContent('This person is already suspended.');
  });
});
