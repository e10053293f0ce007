import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { optionalPart } from './optional-part';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** A part's code that cannot be fetched the first time (offline), and can the next. */
const failingOnce = () =>
  vi
    .fn<() => Promise<{ default: typeof Greeting }>>()
    .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
    .mockResolvedValue({ default: Greeting });

describe('an optional part of the shell', () => {
  it('shows once its code has loaded', async () => {
    const Part = optionalPart(() => Promise.resolve({ default: Greeting }));
    render(<Part name="Asha" />);
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
  });

  it('shows nothing when its code cannot load, leaves the page, and tries again when shown again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = failingOnce();
    const Part = optionalPart(load);
    const page = (isShown: boolean) => (
      <>
        {isShown && <Part name="Ravi" />}
        <main>The page read earlier</main>
      </>
    );
    const { rerender } = render(page(true));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('The page read earlier')).toBeInTheDocument();
    expect(screen.queryByText('Hello Ravi')).not.toBeInTheDocument();

    rerender(page(false));
    rerender(page(true));
    expect(await screen.findByText('Hello Ravi')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('that stays on screen from page to page tries again on the next page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = failingOnce();
    const Part = optionalPart(load);
    const { rerender } = render(<Part name="Meera" retryKey="/profile" fallback={<p>MR</p>} />);
    expect(await screen.findByText('MR')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    rerender(<Part name="Meera" retryKey="/profile" fallback={<p>MR</p>} />);
    expect(screen.getByText('MR')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    rerender(<Part name="Meera" retryKey="/contact" fallback={<p>MR</p>} />);
    expect(await screen.findByText('Hello Meera')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
