import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildNewcomer } from '../../test/data';
import { renderApp } from '../../test/render';

const newcomer = buildNewcomer({ name: 'Priya Sharma', email: 'priya@example.org' });

describe('registration form', () => {
  it('prefills name and a disabled e-mail, and switches fields with the account type', async () => {
    const actor = userEvent.setup();
    renderApp('/register', { user: newcomer });
    expect(await screen.findByLabelText('Name')).toHaveValue('Priya Sharma');
    expect(screen.getByLabelText('Email address')).toBeDisabled();
    expect(screen.getByLabelText('Email address')).toHaveValue('priya@example.org');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('placeholder', '98765 43210');
    expect(screen.getByLabelText('Donor category')).toBeInTheDocument();
    expect(screen.queryByLabelText('Maximum capacity')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /donor/i })).toBeInTheDocument();

    await actor.click(screen.getByRole('radio', { name: 'Distributor' }));
    expect(screen.getByRole('radio', { name: 'Distributor' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Register as Distributor' })).toBeInTheDocument();
    expect(screen.getByLabelText('Maximum capacity')).toHaveAttribute('placeholder', '45 meals');
    expect(screen.queryByLabelText('Donor category')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /distributor/i })).toBeInTheDocument();
  });

  it('shows field errors next to the fields without calling the server', async () => {
    const actor = userEvent.setup();
    renderApp('/register', { user: newcomer });
    await actor.type(await screen.findByLabelText('Phone number'), '12345');
    await actor.click(screen.getByRole('button', { name: 'Register as Donor' }));
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Enter a 10-digit Indian mobile number',
    );
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription(
      /Pick a place from the list/,
    );
    expect(screen.getByLabelText('Distance range (km)')).toHaveAttribute('aria-invalid', 'true');
    // An empty number field is missing, not "not a number".
    expect(screen.getByLabelText('Distance range (km)')).toHaveAccessibleDescription(
      /Distance range is required/,
    );
  });
});
