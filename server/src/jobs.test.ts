import { afterEach, describe, expect, it, vi } from 'vitest';
import { startJobs } from './jobs';
import { createLogger } from './logger';

afterEach(() => vi.useRealTimers());

describe('background jobs', () => {
  it('run every interval, a first run early when asked, never two of one job at once', async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const stop = startJobs(
      [
        { name: 'often', everyMs: 60_000, run: async () => void runs.push('often') },
        {
          name: 'daily',
          everyMs: 86_400_000,
          firstAfterMs: 600_000,
          run: () => {
            runs.push('daily');
            return new Promise<void>((resolve) => (release = resolve));
          },
        },
        {
          name: 'failing',
          everyMs: 60_000,
          run: () => Promise.reject(new Error('down')),
        },
      ],
      createLogger('silent'),
    );
    await vi.advanceTimersByTimeAsync(180_000);
    expect(runs.filter((r) => r === 'often')).toHaveLength(3);
    expect(runs).not.toContain('daily');
    await vi.advanceTimersByTimeAsync(420_000);
    expect(runs.filter((r) => r === 'daily')).toHaveLength(1);
    // Still running a day later: not started twice.
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(runs.filter((r) => r === 'daily')).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(runs.filter((r) => r === 'daily')).toHaveLength(2);
    stop();
    const count = runs.length;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(runs).toHaveLength(count);
  });
});
