import {
  DeliveryQuerySchema,
  type DeliveryList,
  AuditQuerySchema,
  type AuditList,
  type CandidateList,
  type ContactMessageList,
  CoordinatorOfferSchema,
  CoordinatorReasonSchema,
  ExportQuerySchema,
  IdPathSchema,
  MessageReadSchema,
  MessagePageQuerySchema,
  ReportPageQuerySchema,
  type PeopleList,
  PeopleQuerySchema,
  type PersonDetail,
  type ReportList,
  type WaitingList,
  WaitingQuerySchema,
  VerifyRegistrationSchema,
} from '@almquest/contracts/coordinator';
import express, { Router } from 'express';
import { sql } from 'drizzle-orm';
import { methodNotAllowed, words } from '../../errors';
import { sessionUser } from '../../middleware/authenticate';
import { validate } from '../../middleware/validate';
import type { LiveEvents } from '../../realtime/live-events';
import { matchAfterGiveBack } from '../packages/lifecycle/changes';
import { fenceChangedPackages } from '../packages/package-reads';
import { recordAudit } from './audit';
import { requireCoordinator } from './coordinator.policy';
import { exportSelect, PACKAGE_COLUMNS, streamPackagesCsv } from './csv-export';
import { closeReport, listAudit, listMessages, listReports, markMessage } from './inbox.service';
import { listDeliveries } from './deliveries.service';
import {
  personDetail,
  reinstatePerson,
  searchPeople,
  suspendPerson,
  verifyRegistration,
} from './people.service';
import {
  cancelAsCoordinator,
  listCandidates,
  listWaiting,
  offerAsCoordinator,
} from './waiting.service';
import type { RouteDeps } from '../route-deps';

/** The columns of the coordinators' export, in order. */
export const EXPORT_COLUMNS = [
  ...PACKAGE_COLUMNS,
  'city',
  'donor_name',
  'distributor_name',
  'ready_until',
  'paired_at',
  'received_at',
  'distributed_at',
  'served_count',
  'cancelled_at',
  'expired_at',
];

/**
 * /api/coordinator/*: the coordinator console. Every route refuses anyone who is not a
 * coordinator (401 signed out, 403 otherwise) before it reads anything; every change is written
 * to the audit log in its own transaction.
 */
export function coordinatorRoutes({
  config,
  database,
  notifier,
  rematcher,
  live,
}: Pick<RouteDeps, 'config' | 'database' | 'notifier' | 'rematcher'> & {
  live: Pick<LiveEvents, 'endUser'>;
}): Router {
  const isCoordinatorEmail = (email: string) => config.coordinatorEmails.has(email.toLowerCase());
  /** A person's page in the console, as every people route answers it. */
  const detailOf = (id: string) => personDetail(db, id, isCoordinatorEmail, config.matching);
  const router = Router();
  const db = database.db;
  router.use('/coordinator', requireCoordinator(config));

  router.get(
    '/coordinator/packages',
    validate({ query: WaitingQuerySchema }, async ({ query }, _req, res) => {
      const body: WaitingList = await listWaiting(db, query);
      res.json(body);
    }),
  );

  router.get(
    '/coordinator/packages/:id/candidates',
    validate({ params: IdPathSchema }, async ({ params }, _req, res) => {
      const body: CandidateList = await listCandidates(db, params.id);
      res.json(body);
    }),
  );

  router.post(
    '/coordinator/packages/:id/offer',
    validate(
      { params: IdPathSchema, body: CoordinatorOfferSchema },
      async ({ params, body }, req, res) => {
        const result = await offerAsCoordinator(
          db,
          sessionUser(req),
          params.id,
          body.distributorId,
          config.matching,
        );
        notifier.notify(result.notifications);
        await fenceChangedPackages(database, req.log);
        req.log.info(
          { packageId: params.id, distributorId: body.distributorId, state: result.package.state },
          'coordinator offered a package',
        );
        res.json({ state: result.package.state });
      },
    ),
  );

  router.post(
    '/coordinator/packages/:id/cancel',
    validate(
      { params: IdPathSchema, body: CoordinatorReasonSchema },
      async ({ params, body }, req, res) => {
        const result = await cancelAsCoordinator(db, sessionUser(req), params.id, body.reason);
        notifier.notify(result.notifications);
        if (result.freed) rematcher.schedule(result.freed);
        await fenceChangedPackages(database, req.log);
        req.log.info({ packageId: params.id }, 'coordinator cancelled a package');
        res.json({ state: 'Cancelled' });
      },
    ),
  );

  router.get(
    '/coordinator/people',
    validate({ query: PeopleQuerySchema }, async ({ query }, _req, res) => {
      const body: PeopleList = { people: await searchPeople(db, query.q) };
      res.json(body);
    }),
  );

  router.get(
    '/coordinator/people/:id',
    validate({ params: IdPathSchema }, async ({ params }, _req, res) => {
      const body: PersonDetail = await detailOf(params.id);
      res.json(body);
    }),
  );

  router.post(
    '/coordinator/people/:id/suspend',
    validate(
      { params: IdPathSchema, body: CoordinatorReasonSchema },
      async ({ params, body }, req, res) => {
        const result = await suspendPerson(
          db,
          sessionUser(req),
          params.id,
          body.reason,
          isCoordinatorEmail,
        );
        // Committed: no process honours their sessions once this answers, their open streams end
        // in every process, everyone concerned hears.
        await database.sessions.fence();
        live.endUser(params.id);
        notifier.notify(result.notifications);
        for (const id of result.freed) rematcher.schedule(id);
        for (const packageId of result.toRematch) {
          const matched = await matchAfterGiveBack(db, packageId, config.matching);
          notifier.notify(matched.notifications);
          if (matched.error !== undefined) {
            req.log.warn({ err: matched.error, packageId }, 'matching a taken-back package failed');
            rematcher.schedule();
          }
        }
        req.log.info({ userId: params.id }, 'coordinator suspended a person');
        const detail: PersonDetail = await detailOf(params.id);
        res.json(detail);
      },
    ),
  );

  router.post(
    '/coordinator/people/:id/registration',
    validate(
      { params: IdPathSchema, body: VerifyRegistrationSchema },
      async ({ params, body }, req, res) => {
        await verifyRegistration(db, sessionUser(req), params.id, body);
        req.log.info(
          { userId: params.id, isVerified: body.isVerified },
          'coordinator checked a registration number',
        );
        const detail: PersonDetail = await detailOf(params.id);
        res.json(detail);
      },
    ),
  );

  router.post(
    '/coordinator/people/:id/reinstate',
    validate(
      { params: IdPathSchema, body: CoordinatorReasonSchema },
      async ({ params, body }, req, res) => {
        await reinstatePerson(db, sessionUser(req), params.id, body.reason);
        await database.sessions.fence();
        req.log.info({ userId: params.id }, 'coordinator reinstated a person');
        const detail: PersonDetail = await detailOf(params.id);
        res.json(detail);
      },
    ),
  );

  router.get(
    '/coordinator/reports',
    validate({ query: ReportPageQuerySchema }, async ({ query }, _req, res) => {
      const body: ReportList = await listReports(db, query.cursor);
      res.json(body);
    }),
  );

  router.post(
    '/coordinator/reports/:id/close',
    validate(
      { params: IdPathSchema, body: CoordinatorReasonSchema },
      async ({ params, body }, req, res) => {
        await closeReport(db, sessionUser(req), params.id, body.reason);
        res.status(204).end();
      },
    ),
  );

  router.get(
    '/coordinator/messages',
    validate({ query: MessagePageQuerySchema }, async ({ query }, _req, res) => {
      const body: ContactMessageList = await listMessages(db, query.cursor);
      res.json(body);
    }),
  );

  router.patch(
    '/coordinator/messages/:id',
    validate(
      { params: IdPathSchema, body: MessageReadSchema },
      async ({ params, body }, req, res) => {
        await markMessage(db, sessionUser(req), params.id, body.isRead);
        res.status(204).end();
      },
    ),
  );

  router.get(
    '/coordinator/deliveries',
    validate({ query: DeliveryQuerySchema }, async ({ query }, _req, res) => {
      const body: DeliveryList = await listDeliveries(db, {
        cursor: query.cursor,
        failedOnly: query.failed ?? false,
      });
      res.json(body);
    }),
  );

  router.get(
    '/coordinator/audit',
    validate({ query: AuditQuerySchema }, async ({ query }, _req, res) => {
      const body: AuditList = await listAudit(db, query.cursor);
      res.json(body);
    }),
  );

  // An export is audited, so it is asked for by a form's POST (same origin, checked by
  // sameOrigin), never by a GET that an image or a link in a page could make.
  router.get('/coordinator/packages.csv', (_req, res) => {
    res.setHeader('Allow', 'POST');
    throw methodNotAllowed(
      'Ask for an export with POST, from the console’s Export button.',
      words('exportWithPost'),
    );
  });
  router.post(
    '/coordinator/packages.csv',
    express.urlencoded({ extended: false, limit: '1kb' }),
    validate({ body: ExportQuerySchema }, async ({ body: query }, req, res) => {
      const count = await streamPackagesCsv(db, res, {
        filename: `almquest-packages-${query.from}-to-${query.to}.csv`,
        select: exportSelect(EXPORT_COLUMNS),
        where: sql`p.created_at >= (${query.from}::date)::timestamp at time zone 'Asia/Kolkata'
          and p.created_at < ((${query.to}::date + 1)::timestamp at time zone 'Asia/Kolkata')`,
        columns: EXPORT_COLUMNS,
        // Logged before the first byte: an export is a copy of everyone's data leaving.
        onStart: () =>
          db.transaction((tx) =>
            recordAudit(tx, sessionUser(req), {
              action: 'packages.export',
              targetKind: 'package',
              targetId: '*',
              details: { from: query.from, to: query.to },
            }),
          ),
      });
      req.log.info({ count, from: query.from, to: query.to }, 'coordinator exported packages');
    }),
  );

  return router;
}
