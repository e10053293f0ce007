import { readFileSync } from 'node:fs';

/** Open files kept for everything else: requests, health checks, the database, logs. */
const RESERVED_FILES = 256;
/** Where /proc cannot say (not Linux): a limit most systems allow. */
const FALLBACK_STREAMS = 4000;

/**
 * How many live streams this process may hold open: each is a socket, and a process
 * at its open-file limit resets every new connection, health checks included. LIVE_STREAMS_MAX
 * when it is set (config.ts checks it); otherwise three quarters of the soft limit on open files
 * less a reserve, read from /proc/self/limits.
 */
export function liveStreamLimit(
  configured: number | null,
  readLimits: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): number {
  if (configured !== null) return configured;
  let soft: number;
  try {
    const line = readLimits()
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    soft = Number(line?.split(/\s{2,}/)[1]);
  } catch {
    return FALLBACK_STREAMS;
  }
  if (!Number.isFinite(soft)) return FALLBACK_STREAMS;
  return Math.max(16, Math.floor(soft * 0.75) - RESERVED_FILES);
}
