import { runDormancy } from './modules/privacy/dormant';
import { runRetention } from './modules/privacy/retention';
import { createSmtpSender } from './lib/smtp';
import 'dotenv/config';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createApp, createServices } from './app';
import { ConfigError, loadConfig, startupWarnings } from './config';
import { openDatabase } from './db/client';
import { databaseFailure, listenFailure } from './startup-errors';
import { migrate } from './db/migrate';
import { createLogger } from './logger';
import { startJobs } from './jobs';
import { runUpkeep } from './ops/upkeep';
import { installSimClock } from './lib/sim-clock';
import { foldImpactDeltas } from './modules/impact/impact.service';
import { deleteExpiredRateLimits } from './middleware/rate-limit';
import { createLocalLiveEvents, createPostgresLiveEvents } from './realtime/live-events';
import { notificationsByIds } from './modules/notifications/notifications.service';
import { toDelivery } from './modules/notifications/notifications.presenter';
import { liveStreamLimit } from './realtime/stream-limit';
import { deleteOldDeliveries } from './modules/notifications/delivery';
import { withPusher } from './realtime/pusher';
import { deleteExpiredSessions } from './db/sessions';
import { deliverPendingMessages } from './modules/contact/contact.service';
import { createMailer } from './modules/contact/mailer';
import { ensureGazetteer } from './modules/places/gazetteer';

const SHUTDOWN_GRACE_MS = 10_000;
/** How long a stopping server still reads what was sent just before the signal. */
const SHUTDOWN_DRAIN_MS = 1000;
/** After the grace: how long closing the database and the listeners may take. */
const SHUTDOWN_CLOSE_MS = 5000;
/** How long an idle keep-alive connection stays open. */
const KEEP_ALIVE_MS = 65_000;
/** The longest pause between two tries at loading the place list. */
const GAZETTEER_RETRY_MAX_MS = 60_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  for (const warning of startupWarnings(config)) logger.warn(warning);
  // Before the database opens: its clock is this process's (config.simClock says why).
  const simClock = config.simClock ? installSimClock(Date.now()) : null;
  if (simClock) logger.warn('SIM_CLOCK: time stands still until the simulation moves it');

  let database;
  let applied;
  try {
    if (config.database.kind === 'postgres') {
      // Migrations may take minutes on a large database: a connection of their own, with the
      // long limits; requests get the short ones (db/client.ts DATABASE_LIMITS).
      const migrating = await openDatabase({ ...config.database, limits: 'long' });
      try {
        applied = await migrate(migrating.db, {
          onWait: () =>
            logger.warn(
              'waiting for the database: another process is applying migrations, or a restore is running (up to 10 minutes)',
            ),
        });
      } finally {
        await migrating.close();
      }
    }
    database = await openDatabase(config.database, {
      onWarning: (message) => logger.warn(message),
    });
    applied ??= await migrate(database.db);
  } catch (error) {
    console.error(databaseFailure(error, config.database));
    process.exit(1);
  }
  logger.info({ db: database.kind, applied }, 'database ready');

  // The place list loads in the background on first start; place search answers 503 until then.
  // A load cut short (the database away for a moment) is tried again, less often each time,
  // until it completes; readiness says so meanwhile.
  let isGazetteerReady = false;
  let gazetteerRetry: NodeJS.Timeout | undefined;
  const gazetteerStarted = Date.now();
  const loadPlaces = (attempt: number) => {
    ensureGazetteer(database.db, undefined, () => {
      isGazetteerReady = true;
    })
      .then((written) => {
        if (written)
          logger.info({ written, ms: Date.now() - gazetteerStarted }, 'place list loaded');
      })
      .catch((err: unknown) => {
        const inMs = Math.min(GAZETTEER_RETRY_MAX_MS, 1000 * 2 ** attempt);
        logger.error({ err, inMs }, 'loading the place list failed; trying again');
        gazetteerRetry = setTimeout(() => loadPlaces(attempt + 1), inMs);
        gazetteerRetry.unref();
      });
  };
  loadPlaces(0);

  const mailer = config.contactMail ? createMailer(config.contactMail) : null;
  const dormancyMail = config.notificationMail ? createSmtpSender(config.notificationMail) : null;
  // Live events cross processes through PostgreSQL LISTEN/NOTIFY; PGlite is one process.
  const streamLimit = liveStreamLimit(config.liveStreamsMax);
  logger.info({ streamLimit }, 'live streams: at most this many open at once in this process');
  const localLive =
    config.database.kind === 'postgres'
      ? await createPostgresLiveEvents(config.database.url, logger, {
          load: async (ids) => (await notificationsByIds(database.db, ids)).map(toDelivery),
          streamLimit,
        })
      : createLocalLiveEvents({ streamLimit });
  const live = config.pusher ? withPusher(localLive, config.pusher, logger) : localLive;
  const { outreach, notifier, rematcher, deadlines, standing } = createServices({
    config,
    database,
    live,
    logger,
  });
  // Packages left waiting by an earlier run get their chance again now.
  rematcher.schedule();
  // Deadlines that passed while no server ran are acted on at once.
  deadlines.runOnce().catch((err: unknown) => logger.warn({ err }, 'deadline sweep failed'));
  const stopJobs = startJobs(
    [
      ...(mailer
        ? [
            {
              name: 'contact-mail',
              everyMs: 60_000,
              run: () => deliverPendingMessages(database.db, mailer, logger),
            },
          ]
        : []),
      // Offer lapses, half-window warnings and expiry, within seconds of their time (in a
      // simulation, whenever it moves the clock).
      ...(simClock
        ? []
        : [{ name: 'deadlines', everyMs: config.deadlineSweepMs, run: () => deadlines.runOnce() }]),
      {
        // Each day of a standing donation, listed STANDING_LEAD_MINUTES before its time.
        name: 'standing-donations',
        everyMs: 60_000,
        firstAfterMs: 5_000,
        run: () => standing.runOnce(),
      },
      {
        // Push and e-mail deliveries: retries, and what other processes' notifications queued.
        name: 'notification-delivery',
        everyMs: 5_000,
        run: () => outreach.deliverer.runOnce(),
      },
      {
        name: 'delivery-cleanup',
        everyMs: 60 * 60_000,
        run: () => deleteOldDeliveries(database.db),
      },
      {
        // Folds the impact deltas into the totals so GET /api/impact reads few rows.
        name: 'impact-fold',
        everyMs: 60_000,
        run: () => foldImpactDeltas(database.db),
      },
      {
        // Personal data kept no longer than the privacy notice says (decision 043).
        name: 'privacy-retention',
        everyMs: 60 * 60_000,
        firstAfterMs: 60_000,
        run: () => runRetention(database.db, config.privacy.retention),
      },
      {
        // Accounts nobody uses: warned by e-mail, then erased (decision 043).
        name: 'dormant-accounts',
        everyMs: 6 * 60 * 60_000,
        firstAfterMs: 5 * 60_000,
        run: () => runDormancy({ db: database.db, sender: dormancyMail, config, logger }),
      },
      {
        name: 'session-cleanup',
        everyMs: 60 * 60_000,
        run: () => deleteExpiredSessions(database.db),
      },
      {
        name: 'rate-limit-cleanup',
        everyMs: 10 * 60_000,
        run: () => deleteExpiredRateLimits(database.db),
      },
      // The embedded database has no autovacuum: its upkeep, ten minutes after start (past the
      // start-up's own work), then every UPKEEP_HOURS.
      ...(database.kind === 'pglite' && config.upkeepMs > 0
        ? [
            {
              name: 'upkeep',
              everyMs: config.upkeepMs,
              firstAfterMs: 10 * 60_000,
              run: () => runUpkeep(database.db, logger),
            },
          ]
        : []),
    ],
    logger,
  );

  let isShuttingDown = false;
  const app = createApp({
    config,
    database,
    logger,
    mailer,
    live,
    outreach,
    notifier,
    rematcher,
    gazetteer: { isReady: () => isGazetteerReady },
    isStopping: () => isShuttingDown,
    ...(simClock ? { simulation: { clock: simClock, deadlines, standing } } : {}),
  });
  // Not app.listen: Express 5 calls its callback on errors too, which would say "running"
  // before saying the port is taken.
  // The app is the second listener: the first marks every answer of a stopping process before
  // the app can write it (an answer written at once would otherwise be sent without the mark,
  // and marking it then threw and ended the process mid-shutdown).
  const server: Server = createServer();
  // Above a proxy's idle limit (nginx and most load balancers keep 60 s): the proxy closes an
  // idle connection first, and never sends a request on one that this side has just closed.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  // Responses still to be written, so a shutdown can say `Connection: close` on each of them.
  const unanswered = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    if (isShuttingDown) res.setHeader('Connection', 'close');
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  server.on('request', app);
  server.once('error', (err: NodeJS.ErrnoException) => {
    console.error(listenFailure(err, config.port, config.host));
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
    logger.info(`AlmQuest is running on http://${shown}:${config.port}`);
  });

  const shutdown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests');
    // Each connection closes once its answer is out: the process exits as soon as nothing is
    // in flight, not at the end of the grace.
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    const force = setTimeout(() => {
      logger.warn('requests did not finish in time; closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Whatever still holds on (a database that does not answer its goodbye) ends here.
    setTimeout(() => {
      logger.error('shutdown did not complete in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + SHUTDOWN_CLOSE_MS).unref();
    stopJobs();
    clearTimeout(gazetteerRetry);
    mailer?.close();
    dormancyMail?.close();
    outreach.close();
    // Live streams never finish by themselves: end them; browsers reconnect elsewhere.
    live.hub.closeAll();
    // A request sent just before the signal may still be unread on its socket, or its
    // connection not yet accepted (the process was busy): closing the listener now would reset
    // those waiting to be accepted, and closing "idle" connections would reset the unread ones.
    // So for a moment every answer says `Connection: close` (and readiness says 'stopping', so a
    // balancer sends nothing new) while what is pending is read; then no new connections are
    // taken and idle ones close, and the process ends once the last answer is out.
    setTimeout(() => {
      server.close(() => {
        void live.close();
        // A re-matching pass under way finishes first: the pool must outlive it.
        rematcher
          .stop()
          .then(() => database.close())
          .then(() => {
            logger.info('stopped');
            process.exit(0);
          })
          .catch((err: unknown) => {
            logger.error({ err }, 'closing the database failed');
            process.exit(1);
          });
      });
      server.closeIdleConnections();
    }, SHUTDOWN_DRAIN_MS);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('AlmQuest failed to start:', error);
  process.exit(1);
});
