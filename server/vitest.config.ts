import { defineConfig } from 'vitest/config';
import SlowestFirst from './src/test/sequencer';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One migrated embedded database for the whole run (src/test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // Known-slow files first, so a fresh clone's run ends with both workers busy.
    sequence: { sequencer: SlowestFirst },
    // Files are independent (each its own embedded database, or its own test areas on the
    // shared server), and many wait on processes and sockets: two at once, one per core.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
