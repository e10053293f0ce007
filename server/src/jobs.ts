import type { Logger } from './logger';
import { jobDuration, jobRuns } from './metrics/metrics';

export type Job = {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /**
   * A first run this long after start, then every `everyMs`: a daily job of a process
   * restarted every day would otherwise never run.
   */
  firstAfterMs?: number;
};

/**
 * Runs each job on its own interval, never two runs of the same job at once; a failing run is
 * logged and the next one tries again. Returns a function that stops them all.
 */
export function startJobs(jobs: Job[], logger: Logger): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    // Counted from zero at start, so a rate or an increase sees the first failure too.
    for (const outcome of ['ok', 'failed']) jobRuns.inc({ task: job.name, outcome }, 0);
    let isRunning = false;
    const tick = () => {
      if (isRunning) return;
      isRunning = true;
      const stop = jobDuration.startTimer({ task: job.name });
      job
        .run()
        .then(
          () => jobRuns.inc({ task: job.name, outcome: 'ok' }),
          (err: unknown) => {
            jobRuns.inc({ task: job.name, outcome: 'failed' });
            logger.warn({ err, job: job.name }, 'background job failed');
          },
        )
        .finally(() => {
          stop();
          isRunning = false;
        });
    };
    const every = setInterval(tick, job.everyMs);
    every.unref();
    timers.push(every);
    if (job.firstAfterMs !== undefined) {
      const first = setTimeout(tick, job.firstAfterMs);
      first.unref();
      timers.push(first);
    }
  }
  return () => timers.forEach((t) => clearTimeout(t));
}
