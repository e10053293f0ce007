import type { Logger } from './logger';
import { jobDuration, jobRuns } from './metrics/metrics';

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Runs each job on its own interval, never two runs of the same job at once; a failing run is
 * logged and the next one tries again. Returns a function that stops them all.
 */
export function startJobs(jobs: Job[], logger: Logger): () => void {
  const timers = jobs.map((job) => {
    let isRunning = false;
    const timer = setInterval(() => {
      if (isRunning) return;
      isRunning = true;
      const timer = jobDuration.startTimer({ job: job.name });
      job
        .run()
        .then(
          () => jobRuns.inc({ job: job.name, outcome: 'ok' }),
          (err: unknown) => {
            jobRuns.inc({ job: job.name, outcome: 'failed' });
            logger.warn({ err, job: job.name }, 'background job failed');
          },
        )
        .finally(() => {
          timer();
          isRunning = false;
        });
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((t) => clearInterval(t));
}
