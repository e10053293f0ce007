import { readFileSync } from 'node:fs';

/** Open files kept for everything else: requests, health checks, the database, logs. */
const RESERVED_FILES = 256;
/** Where /proc cannot say (not Linux): a limit most systems allow. */
const FALLBACK_STREAMS = 4000;

/**
 * How many live streams this process may hold open: each is a socket, and a process
 * at its open-file limit resets every new connection, health checks included. Three quarters of
 * the soft limit less a reserve, from `LIVE_STREAMS_MAX` when it is set, read from
 * /proc/self/limits otherwise.
 */
export function liveStreamLimit(
  env: Record<string, string | undefined> = process.env,
  readLimits: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): number {
  const configured = Number(env.LIVE_STREAMS_MAX);
  if (env.LIVE_STREAMS_MAX && Number.isInteger(configured) && configured > 0) return configured;
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
