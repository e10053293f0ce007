import express from 'express';
import helmet from 'helmet';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './logger';
import { authenticate } from './middleware/authenticate';
import { apiNotFound, createErrorHandler } from './middleware/error-handler';
import { imageSources } from './middleware/image-sources';
import { requestLog } from './middleware/request-log';
import { sameOrigin } from './middleware/same-origin';
import { authRoutes } from './modules/auth/auth.routes';
import { createDevIdentityProvider } from './modules/auth/dev-idp';
import { createOidcClient } from './modules/auth/oidc-client';
import { createRematcher, type Rematcher } from './matching/rematch';
import {
  createDeadlineSweeper,
  type DeadlineSweeper,
} from './modules/packages/lifecycle/deadlines';
import { simulationRoutes } from './modules/simulation/sim.routes';
import { createStandingLister, type StandingLister } from './modules/standing/standing.service';
import { standingRoutes } from './modules/standing/standing.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import type { SimClock } from './lib/sim-clock';
import { contactRoutes } from './modules/contact/contact.routes';
import { coordinatorRoutes } from './modules/coordinator/coordinator.routes';
import { impactRoutes, personalImpactRoutes } from './modules/impact/impact.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotifier } from './modules/notifications/notifier';
import { createOutreach, type Outreach } from './modules/notifications/outreach';
import { outreachRoutes } from './modules/notifications/outreach.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { whatsappWebhookRoutes } from './modules/messaging/whatsapp-webhook';
import { smsWebhookRoutes } from './modules/messaging/sms-webhook';
import { packageOfLinkCode } from './modules/messaging/sms-messages';
import { pushRoutes } from './modules/push/push.routes';
import type { Notifier } from './notifier';
import { packagesRoutes } from './modules/packages/packages.routes';
import { createPackageReads, type PackageReads } from './modules/packages/package-reads';
import { createLocalLiveEvents, type LiveEvents } from './realtime/live-events';
import { realtimeRoutes } from './realtime/realtime.routes';
import type { Mailer } from './modules/contact/mailer';
import type { GazetteerStatus } from './modules/places/place-lookup';
import { placesRoutes } from './modules/places/places.routes';
import { siteRoutes } from './modules/site/site.routes';
import { createWriteHealth, systemRoutes } from './modules/system/system.routes';
import { type UserEvents, usersRoutes } from './modules/users/users.routes';
import { clientRoutes, inlineScriptHashes } from './static';
import { ownLoopbackName } from './middleware/canonical-host';
import { httpMetrics } from './metrics/metrics';
import { metricsRoutes } from './metrics/metrics.routes';

export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  /** Whether the place list is loaded; place search answers 503 until it is. */
  gazetteer?: GazetteerStatus;
  /** True once the process is stopping (readiness then says so). */
  isStopping?: () => boolean;
  /** Carries notifications to connected browsers once their transaction has committed. */
  live?: LiveEvents;
  /** Told about committed notifications; by default presents them to `live`. */
  notifier?: Notifier;
  /** Re-matches waiting packages when capacity appears. */
  rematcher?: Rematcher;
  /** Mails contact messages when SMTP is configured. */
  mailer?: Mailer | null;
  /** Push keys, mail tokens and the sender of push and e-mail notifications. */
  outreach?: Outreach;
  /** Package pages kept in memory. */
  packageReads?: PackageReads;
  /**
   * With SIM_CLOCK: the clock the simulation moves, and the sweep and the standing donations'
   * listing it runs when it does.
   */
  simulation?: { clock: SimClock; deadlines: DeadlineSweeper; standing: StandingLister };
};

const JSON_BODY_LIMIT = '32kb';

/**
 * The services behind the routes, wired one way for the server (index.ts) and the tests: outreach
 * (push and e-mail), the notifier over the live events, the rematcher and the deadline sweeper.
 */
export function createServices({
  config,
  database,
  live,
  logger,
  rematcher: given,
}: {
  config: Config;
  database: Database;
  live: LiveEvents;
  logger: Logger;
  rematcher?: Rematcher;
}) {
  const outreach = createOutreach({ config, db: database.db, logger });
  const notifier = createNotifier(live, outreach.deliverer);
  const rematcher = given ?? createRematcher(database.db, notifier, logger, config.matching);
  const deadlines = createDeadlineSweeper({
    db: database.db,
    notifier,
    rematcher,
    settings: config.matching,
    coordinatorEmails: config.coordinatorEmails,
    logger,
  });
  const standing = createStandingLister({
    db: database.db,
    notifier,
    rematcher,
    settings: config.matching,
    leadMs: config.standingLeadMs,
    logger,
  });
  return { outreach, notifier, rematcher, deadlines, standing };
}

/** Builds the Express app from its dependencies. It never listens; index.ts does. */
export function createApp({
  config,
  database,
  logger,
  gazetteer = { isReady: () => true },
  isStopping = () => false,
  live = createLocalLiveEvents(),
  outreach = createOutreach({ config, db: database.db, logger }),
  notifier = createNotifier(live, outreach.deliverer),
  rematcher = createRematcher(database.db, notifier, logger, config.matching),
  mailer = null,
  packageReads = createPackageReads(database),
  simulation,
}: AppDeps): express.Express {
  // Hears of ended sessions from now on, so signed-in reads can be answered from memory.
  database.sessions.listen();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestLog(logger));
  if (config.metricsToken !== null) app.use(httpMetrics());
  app.use(ownLoopbackName(config.origin));

  const isHttps = config.publicUrl?.startsWith('https://') ?? false;
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...inlineScriptHashes(config.clientDist)],
          // Map libraries position tiles with inline style attributes.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': imageSources(config),
          // Pusher's websocket, when live events go through Pusher.
          'connect-src': [
            "'self'",
            ...(config.pusher
              ? [
                  `wss://ws-${config.pusher.cluster}.pusher.com`,
                  `https://sockjs-${config.pusher.cluster}.pusher.com`,
                ]
              : []),
          ],
          'frame-ancestors': ["'none'"],
          'upgrade-insecure-requests': isHttps ? [] : null,
        },
      },
      strictTransportSecurity: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    }),
  );

  // Sign-in: the embedded development provider, or a real one (Google first) from config.
  const redirectUri = `${config.origin}/api/auth/callback`;
  let oidcClient;
  if (config.signIn.kind === 'dev') {
    const devIdp = createDevIdentityProvider(config, logger, database.db);
    app.use(devIdp.router);
    oidcClient = createOidcClient({ ...devIdp, redirectUri });
  } else {
    oidcClient = createOidcClient({ ...config.signIn, redirectUri });
  }

  // Meta's webhook signs its raw body: before the API's JSON parser and same-origin check.
  app.use(
    whatsappWebhookRoutes({
      config,
      database,
      logger,
      outlets: { database, notifier, rematcher, reads: packageReads },
    }),
  );

  // Gupshup's calls carry a secret in their address instead of a signature.
  app.use(
    smsWebhookRoutes({
      config,
      database,
      logger,
      outlets: { database, notifier, rematcher, reads: packageReads },
    }),
  );
  // A package's link in an SMS (<origin>/s?<code>, the address DLT whitelists): to its page,
  // through the sign-in first for a phone's browser that is not signed in (an offer lasts ten
  // minutes: the page itself would send them home).
  app.get('/s', authenticate(database), (req, res) => {
    const at = req.originalUrl.indexOf('?');
    const packageId = at === -1 ? null : packageOfLinkCode(req.originalUrl.slice(at + 1));
    if (!packageId) {
      res.redirect(302, '/');
      return;
    }
    const page = `/transaction/${packageId}`;
    res.redirect(302, req.user ? page : `/api/auth/login?returnTo=${encodeURIComponent(page)}`);
  });

  const api = express.Router();
  // One-click unsubscribe comes from mail providers' servers; its signed token is its permission.
  api.use(sameOrigin(config.origin, { exempt: ['/mail/unsubscribe'] }));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Public routes first: they never need the session, so they skip its lookup (place search
  // runs on every keystroke).
  const writes = createWriteHealth();
  api.use(systemRoutes({ config, database, gazetteer, writes, isStopping }));
  api.use(placesRoutes({ config, database, gazetteer, logger }));
  api.use(impactRoutes({ config, database }));
  api.use(contactRoutes({ config, database, mailer, logger }));
  api.use(siteRoutes({ database, logger }));
  api.use(authenticate(database));
  api.use(authRoutes({ config, database, oidcClient, logger, live }));
  // A live event about a package makes this process forget its page first: the read it prompts
  // is fresh even if the package's own change notification has not been heard yet.
  live.hub.onPackageEvent((packageId) => packageReads.forget(packageId));
  // Packages before the coordinator's and people's routes: the package page is the most read
  // signed-in route, and every router before it is tried first.
  api.use(packagesRoutes({ config, database, notifier, rematcher, reads: packageReads }));
  api.use(standingRoutes({ config, database, notifier, rematcher, reads: packageReads }));
  api.use(calendarRoutes({ config, database }));
  api.use(privacyRoutes({ config, database }));
  api.use(coordinatorRoutes({ config, database, notifier, rematcher, live }));
  const events: UserEvents = {
    onDistributorCapacityChanged: (distributorId) => rematcher.schedule(distributorId),
  };
  api.use(usersRoutes({ config, database, events }));
  api.use(personalImpactRoutes({ database }));
  api.use(notificationsRoutes({ database, live }));
  api.use(pushRoutes({ config, database, vapid: outreach.vapid }));
  api.use(messagingRoutes({ config, database }));
  api.use(outreachRoutes({ config, database, outreach }));
  api.use(realtimeRoutes({ config }));
  if (simulation) api.use(simulationRoutes({ config, database, rematcher, ...simulation }));
  api.use(apiNotFound);

  app.use('/api', api);
  app.use(metricsRoutes({ config, database, live, logger }));
  app.use(clientRoutes(config.clientDist, { serveSourceMaps: config.serveSourceMaps }));
  app.use(createErrorHandler({ onWriteRefused: writes.refused }));
  return app;
}
