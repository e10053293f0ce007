import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './field';

describe('a text field', () => {
  it('ties its hint and error to the control, and reads the error out only when asked', () => {
    const { rerender } = render(
      <TextField
        label="Code"
        hint="From the donor"
        error="Wrong code"
        onChange={() => undefined}
        value="1"
      />,
    );
    const box = screen.getByLabelText('Code');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('From the donor Wrong code');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <TextField
        label="Code"
        hint="From the donor"
        error="Wrong code: 3 tries left"
        announceError
        onChange={() => undefined}
        value="1"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong code: 3 tries left');
  });
});
