import { DELIVERY_CHANNELS } from '@almquest/contracts/coordinator';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What the service measures, in Prometheus's text format at GET /metrics (metrics.routes.ts).
 * The metrics are the process's: one registry however many apps a test process makes. Counters
 * and histograms count what this process did (sum them over processes); the figures read from
 * the database at each scrape (packages by state, the timeline's events) are the whole
 * service's, the same from every process (take max, not sum, over processes).
 */
export const metricsRegistry = new Registry();

let hasDefaults = false;
/** Node's own figures (event-loop lag, memory, CPU, handles), once per process. */
export function collectProcessMetrics(): void {
  if (hasDefaults) return;
  hasDefaults = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
  // Gauges that prom-client names like counters, which `promtool check metrics` reports (exit 3):
  // their figures are the sums of nodejs_active_{handles,requests,resources} by type, kept.
  for (const kind of ['handles', 'requests', 'resources']) {
    metricsRegistry.removeSingleMetric(`nodejs_active_${kind}_total`);
  }
}

const SECONDS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Requests answered, by method, route pattern and status, with their duration.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

export const matchDuration = new Histogram({
  name: 'almquest_match_duration_seconds',
  help: 'Matching one package (rank, claim, meet point, timeline; for a new donation, storing it too), by outcome: Paired, Offered, none (nobody can take it), lost (claims lost to others).',
  labelNames: ['outcome'] as const,
  buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [metricsRegistry],
});

export const deliveries = new Counter({
  name: 'almquest_deliveries_total',
  help: 'Deliveries tried (push, e-mail, WhatsApp, SMS), by channel and outcome (sent, retry, failed, dropped, gone).',
  labelNames: ['channel', 'outcome'] as const,
  registers: [metricsRegistry],
});

// Every channel and outcome from zero: a counter that appears only at its first event hides that
// event from rate() and increase().
for (const channel of DELIVERY_CHANNELS)
  for (const outcome of ['sent', 'retry', 'failed', 'dropped', 'gone'])
    deliveries.inc({ channel, outcome }, 0);

export const jobRuns = new Counter({
  name: 'almquest_job_runs_total',
  // "task", not "job": Prometheus keeps "job" for the scrape job and would rename this one.
  help: 'Background job runs (the deadline sweep, deliveries, clean-ups), by task and outcome.',
  labelNames: ['task', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'almquest_job_duration_seconds',
  help: 'How long each background job run took, by task.',
  labelNames: ['task'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

export const deadlinesActedOn = new Counter({
  name: 'almquest_deadlines_total',
  help: 'Deadlines the sweep acted on: offers lapsed, packages expired, donors warned, packages raised as at risk, packages reclaimed from a distributor who did not say they were on their way.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

for (const kind of ['lapsed', 'expired', 'warned', 'raised', 'reclaimed'])
  deadlinesActedOn.inc({ kind }, 0);

/** Read from the database at each scrape (metrics.routes.ts sets them). */
export const packagesByState = new Gauge({
  name: 'almquest_packages',
  help: 'Packages by state, the whole service.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

export const packagesAtRisk = new Gauge({
  name: 'almquest_packages_at_risk',
  help: 'Packages raised as at risk (a third of their window left) that nobody has accepted yet.',
  registers: [metricsRegistry],
});

export const expiredUnpaired = new Gauge({
  name: 'almquest_packages_expired_unpaired',
  help: 'Packages that expired while nobody held them (unpaired at expiry), the whole service; it grows but for packages deleted with their donor.',
  registers: [metricsRegistry],
});

export const packageEvents = new Gauge({
  name: 'almquest_package_events',
  help: 'Timeline events by kind (offered, accepted, declined, lapsed, expired, ...) in the database now, the whole service; a package withdrawn takes its events with it.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const databaseUp = new Gauge({
  name: 'almquest_database_up',
  help: '1 when the database answered this scrape, 0 when it did not.',
  registers: [metricsRegistry],
});

export const liveConnections = new Gauge({
  name: 'almquest_live_connections',
  help: 'Live event streams open on this process.',
  registers: [metricsRegistry],
});

export const poolConnections = new Gauge({
  name: 'almquest_db_pool_connections',
  help: 'PostgreSQL pool of this process: connections open, idle, and requests waiting for one.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

/**
 * Times every request from its arrival to the end of its answer, labelled by the route pattern
 * that answered it (never the path itself: ids would make a series each), "static" for the
 * client's files, "unmatched" for an API path nobody answers, and "api-middleware" for an API
 * request answered before its route (a session or body refused, the database away).
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const stop = httpDuration.startTimer();
    res.once('finish', () => {
      const pattern = req.route?.path;
      // Paths match whatever their case (Express's default): the label does not follow it, or
      // /API/health and /api/health would each make series of their own.
      const isApi = req.originalUrl.toLowerCase().startsWith('/api/');
      // An error answered by the app's own handler finds the router's base already undone:
      // the API's routes are mounted at /api alone.
      const base = (req.baseUrl || (isApi ? '/api' : '')).toLowerCase();
      const route =
        typeof pattern === 'string'
          ? `${base}${pattern}`
          : !isApi
            ? 'static'
            : res.statusCode === 404
              ? 'unmatched'
              : 'api-middleware';
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
