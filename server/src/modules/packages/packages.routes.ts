import {
  DeletePackagePathSchema,
  DisposeRequestSchema,
  type DonationGroup,
  DonateRequestSchema,
  GroupIdPathSchema,
  IdempotencyKeySchema,
  type MeetRoute,
  type Package,
  PackageIdPathSchema,
  type PackageList,
  PackageListQuerySchema,
  type PackageResponse,
  ReasonRequestSchema,
  MarkPackageRequestSchema,
  WidenRequestSchema,
} from '@almquest/contracts/packages';
import { ReportRequestSchema } from '@almquest/contracts/coordinator';
import { type Request, type Response, Router } from 'express';
import type { PackageRow, UserRow } from '../../db/rows';
import { AppError, badRequest, conflict, words } from '../../errors';
import { createExplainer, whyYou } from '../../matching/explain';
import { meetRoute } from '../../matching/routes';
import { requireRegistered, sessionUser } from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { ownPathRoute } from '../users/own-path';
import { parseOrThrow, validate } from '../../middleware/validate';
import { z } from 'zod';
import { assertActsAsSelf, assertOwnPath, assertUserType } from '../users/users.policy';
import { createReport } from '../coordinator/inbox.service';
import { cancelDonationGroup, donationGroup, donationQuantity } from './donations.service';
import { fenceChangedPackages, type PackageRead, readPackage } from './package-reads';
import { assertCanViewPackage } from './packages.policy';
import { presentPackage, presentPackageSummary } from './packages.presenter';
import {
  donate,
  getPackage,
  counterpartRegistrationOf,
  getPackageEvents,
  listPackages,
  type PackageEventRow,
} from './packages.service';
import { markPackage } from './lifecycle/handover';
import { recordDisposal } from './lifecycle/disposal';
import { standingOfPackage } from '../standing/standing.service';
import { refuseFormerDistributor, refuseFormerDistributorByEvents } from './lifecycle/write';
import {
  acceptOffer,
  cancelPackage,
  type ChangeResult,
  deletePackage,
  giveBackAsDistributor,
  setOutForPickup,
  widenPackage,
} from './lifecycle/changes';
import { publishChange } from './lifecycle/publish';
import type { RouteDeps } from '../route-deps';

export function packagesRoutes({
  config,
  database,
  notifier,
  rematcher,
  reads,
}: Pick<RouteDeps, 'config' | 'database' | 'notifier' | 'rematcher' | 'reads'>): Router {
  const router = Router();
  const explain = createExplainer();
  const db = database.db;

  router.post(
    '/donor/donate',
    requireRegistered,
    limiter(db, config, 'donation'),
    validate({ body: DonateRequestSchema }, async ({ body }, req, res) => {
      const user = sessionUser(req);
      assertUserType(user, 'donor');
      assertActsAsSelf(
        user,
        body.donor_id,
        'You can only donate as yourself.',
        words('donateAsSelf'),
      );
      const header = req.get('Idempotency-Key');
      const headerKey =
        header === undefined
          ? undefined
          : parseOrThrow(z.object({ 'Idempotency-Key': IdempotencyKeySchema }), {
              'Idempotency-Key': header,
            })['Idempotency-Key'];
      // Two different keys for one donation: which one a retry would send is anyone's guess.
      if (headerKey !== undefined && body.idempotencyKey !== undefined) {
        if (headerKey !== body.idempotencyKey) {
          throw badRequest('Please check idempotencyKey: send one key, not two that differ', {
            idempotencyKey: 'The Idempotency-Key header says another key: send one of them',
          });
        }
      }
      const idempotencyKey = body.idempotencyKey ?? headerKey;
      const result = await donate(db, user, { ...body, idempotencyKey }, config.matching);
      notifier.notify(result.notifications);
      for (const id of result.passedOver ?? []) rematcher.schedule(id);
      if (result.isNew) {
        req.log.info(
          { packageId: result.package.id, state: result.package.state },
          'package donated',
        );
      }
      const response: PackageResponse = { package: await packageFor(result.package, user.id) };
      res.status(result.isNew ? 201 : 200).json(response);
    }),
  );

  router.get(
    '/package/:id',
    requireRegistered,
    validate({ params: PackageIdPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      // Someone it was offered to or who gave it back hears that it went elsewhere.
      const assertMayView = ({ pkg, events }: PackageRead) => {
        refuseFormerDistributorByEvents(user, pkg, events);
        assertCanViewPackage(user, pkg);
      };
      const read = readPackage(reads, database, params.id, (found) => {
        try {
          assertMayView(found);
          return true;
        } catch {
          return false;
        }
      });
      // From memory the page is presented in the same tick.
      const { pkg, events } = read instanceof Promise ? await read : read;
      assertMayView({ pkg, events });
      const response: PackageResponse = { package: await packageFor(pkg, user.id, events) };
      res.json(response);
    }),
  );

  /**
   * A package as its viewer sees it, with its timeline; while it waits, its donor also gets why
   *, and the distributor offered or given it why them.
   */
  async function packageFor(
    pkg: PackageRow,
    viewerId: string,
    known?: readonly PackageEventRow[],
  ): Promise<Package> {
    const events = known ?? (await getPackageEvents(db, pkg.id));
    const last = events[events.length - 1];
    const explanation =
      pkg.donorId === viewerId && pkg.state === 'Not Paired'
        ? await explain(db, pkg, config.matching, `${events.length}:${last?.at.getTime() ?? ''}`)
        : null;
    const why =
      pkg.distributorId === viewerId && (pkg.state === 'Offered' || pkg.state === 'Paired')
        ? await whyYou(db, pkg)
        : null;
    const groupQuantity =
      pkg.donorId === viewerId && pkg.groupId ? await donationQuantity(db, pkg.groupId) : null;
    const standing =
      pkg.standingId && (pkg.donorId === viewerId || pkg.distributorId === viewerId)
        ? await standingOfPackage(db, pkg, viewerId)
        : null;
    const counterpartRegistration = await counterpartRegistrationOf(db, pkg, viewerId);
    return presentPackage(pkg, viewerId, events, {
      asksCheckIn: config.matching.byRecord,
      explanation,
      whyYou: why,
      groupQuantity,
      standing,
      counterpartRegistration,
    });
  }

  /**
   * After a request that may have changed packages, before it answers (done, or refused after
   * writing, as a handover lockout is): this process forgets their pages at once (in the same
   * tick as the caller's publishing, before anything is awaited), then fences.
   */
  async function settle(req: Request, packageIds: string[]) {
    for (const id of packageIds) reads.forget(id);
    if (packageIds.length > 0) await fenceChangedPackages(database, req.log);
  }

  /**
   * A change to one package. Refused because the package moved on (409) or after writing (429: a
   * handover locked by wrong codes), it is settled too: the caller reads the package again next.
   * Other refusals (a package that is not theirs, bad input) wrote nothing and fence nothing.
   */
  async function changing<T>(req: Request, packageId: string, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && (error.status === 409 || error.status === 429)) {
        await settle(req, [packageId]);
      }
      throw error;
    }
  }

  /** Publishes what a lifecycle change did and answers with the package as the caller sees it. */
  async function answerChange(req: Request, res: Response, action: string, result: ChangeResult) {
    const user = sessionUser(req);
    await publishChange({ database, notifier, rematcher, reads }, result, req.log);
    req.log.info(
      { packageId: result.package.id, state: result.package.state },
      `package ${action}`,
    );
    // A distributor who declined or gave the package back is no party to it any more: nothing
    // about where it went next is theirs to see.
    const isStillParty =
      result.package.donorId === user.id || result.package.distributorId === user.id;
    if (!isStillParty) {
      res.status(204).end();
      return;
    }
    const response: PackageResponse = { package: await packageFor(result.package, user.id) };
    res.json(response);
  }

  // The changes that take no body: the offered distributor accepts; the assigned one says they
  // have set out (decision 044).
  const withoutBody: [
    path: string,
    action: string,
    change: (user: UserRow, id: string) => Promise<ChangeResult>,
  ][] = [
    ['accept', 'accepted', (user, id) => acceptOffer(db, user, id, config.matching)],
    ['on-my-way', 'onWay', (user, id) => setOutForPickup(db, user, id)],
  ];
  for (const [path, action, change] of withoutBody) {
    router.post(
      `/package/:id/${path}`,
      requireRegistered,
      validate({ params: PackageIdPathSchema }, async ({ params }, req, res) => {
        const result = await changing(req, params.id, () => change(sessionUser(req), params.id));
        await answerChange(req, res, action, result);
      }),
    );
  }

  // The changes asked for with an optional reason: one route each, of one shape.
  const withReason: [
    path: string,
    action: string,
    change: (user: UserRow, id: string, reason: string | undefined) => Promise<ChangeResult>,
  ][] = [
    [
      'decline',
      'declined',
      (user, id, reason) => giveBackAsDistributor(db, user, id, 'decline', reason, config.matching),
    ],
    [
      'release',
      'released',
      (user, id, reason) => giveBackAsDistributor(db, user, id, 'release', reason, config.matching),
    ],
    ['cancel', 'cancelled', (user, id, reason) => cancelPackage(db, user, id, reason)],
  ];
  for (const [path, action, change] of withReason) {
    router.post(
      `/package/:id/${path}`,
      requireRegistered,
      validate(
        { params: PackageIdPathSchema, body: ReasonRequestSchema },
        async ({ params, body }, req, res) => {
          const result = await changing(req, params.id, () =>
            change(sessionUser(req), params.id, body.reason),
          );
          await answerChange(req, res, action, result);
        },
      ),
    );
  }

  router.patch(
    '/package/:id',
    requireRegistered,
    limiter(db, config, 'widen'),
    validate(
      { params: PackageIdPathSchema, body: WidenRequestSchema },
      async ({ params, body }, req, res) => {
        const result = await changing(req, params.id, () =>
          widenPackage(db, sessionUser(req), params.id, body, config.matching),
        );
        await answerChange(req, res, 'widened', result);
      },
    ),
  );

  // A split donation, seen and called off as one by its donor.
  router.get(
    '/donations/:groupId',
    requireRegistered,
    validate({ params: GroupIdPathSchema }, async ({ params }, req, res) => {
      const body: DonationGroup = await donationGroup(db, sessionUser(req), params.groupId);
      res.json(body);
    }),
  );

  router.post(
    '/donations/:groupId/cancel',
    requireRegistered,
    validate(
      { params: GroupIdPathSchema, body: ReasonRequestSchema },
      async ({ params, body }, req, res) => {
        const user = sessionUser(req);
        const result = await cancelDonationGroup(db, user, params.groupId, body.reason);
        notifier.notify(result.notifications);
        for (const id of result.freed) rematcher.schedule(id);
        await settle(req, result.cancelled);
        req.log.info({ groupId: params.groupId }, 'donation cancelled');
        const group: DonationGroup = await donationGroup(db, user, params.groupId);
        res.json(group);
      },
    ),
  );

  // The distributor records food found unfit and disposed of (decision 042).
  router.post(
    '/package/:id/dispose',
    requireRegistered,
    limiter(db, config, 'report'),
    validate(
      { params: PackageIdPathSchema, body: DisposeRequestSchema },
      async ({ params, body }, req, res) => {
        const user = sessionUser(req);
        const pkg = await changing(req, params.id, () => recordDisposal(db, user, params.id, body));
        await settle(req, [pkg.id]);
        req.log.info(
          { packageId: pkg.id, quantity: body.quantity, reason: body.reason },
          'food disposed of',
        );
        const response: PackageResponse = { package: await packageFor(pkg, user.id) };
        res.json(response);
      },
    ),
  );

  // The donor or the distributor of a package tells the coordinators something is wrong.
  router.post(
    '/package/:id/report',
    requireRegistered,
    limiter(db, config, 'report'),
    validate(
      { params: PackageIdPathSchema, body: ReportRequestSchema },
      async ({ params, body }, req, res) => {
        const user = sessionUser(req);
        // Only the package's donor or its distributor (once offered or assigned) may report it.
        const report = await createReport(db, user, params.id, body, (pkg) =>
          assertCanViewPackage(user, pkg),
        );
        if (report.isNew)
          req.log.info({ packageId: params.id, reason: body.reason }, 'package reported');
        res.status(report.isNew ? 201 : 200).json({ id: report.id });
      },
    ),
  );

  router.get(
    '/package/:id/route',
    requireRegistered,
    validate({ params: PackageIdPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      const pkg = await getPackage(db, params.id);
      await refuseFormerDistributor(db, user, pkg);
      assertCanViewPackage(user, pkg);
      // Before the distributor accepts, the meet point is theirs to know only to its area.
      if (pkg.meetLat === null || pkg.meetLng === null || pkg.pairedAt === null) {
        throw conflict(
          'This package is not paired yet, so there is no meet point.',
          words('notPairedNoMeet'),
        );
      }
      // Each side sees the way from their own location (SPEC: package details).
      const isDonor = pkg.donorId === user.id;
      const from: [number, number] = isDonor
        ? [pkg.lat, pkg.lng]
        : [pkg.distributorLat ?? pkg.lat, pkg.distributorLng ?? pkg.lng];
      const route: MeetRoute = await meetRoute(config.osrmUrl, from, [pkg.meetLat, pkg.meetLng]);
      res.json(route);
    }),
  );

  router.post(
    '/distributor/togglePackage',
    requireRegistered,
    validate({ body: MarkPackageRequestSchema }, async ({ body }, req, res) => {
      const user = sessionUser(req);
      assertUserType(user, 'distributor');
      assertActsAsSelf(
        user,
        body.distributor_id,
        'You can only act as yourself.',
        words('actAsSelf'),
      );
      // A wrong code that locks the handover is written, then refused: settled all the same.
      const result = await changing(req, body.packageId, () =>
        markPackage(db, user, {
          donorId: body.donor_id,
          distributorId: body.distributor_id,
          packageId: body.packageId,
          state: body.state,
          code: body.code,
          servedCount: body.servedCount,
          checklist: body.checklist,
        }),
      );
      notifier.notify(result.notifications);
      if (result.hasFreedCapacity) rematcher.schedule(user.id);
      await settle(req, [result.package.id]);
      req.log.info({ packageId: body.packageId, state: body.state }, 'package marked');
      const response: PackageResponse = { package: await packageFor(result.package, user.id) };
      res.json(response);
    }),
  );

  router.delete(
    '/donor/:donor_id/package/:packageId',
    requireRegistered,
    validate({ params: DeletePackagePathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertOwnPath(user, { id: params.donor_id, userType: 'donor' });
      await changing(req, params.packageId, () => deletePackage(db, user, params.packageId));
      await settle(req, [params.packageId]);
      req.log.info({ packageId: params.packageId }, 'package deleted');
      res.status(204).end();
    }),
  );

  router.get(
    '/:userType/:id/packages',
    ...ownPathRoute(async ({ user, query }, _req, res) => {
      const page = await listPackages(db, user, query);
      const response: PackageList = {
        packages: page.rows.map((row) => presentPackageSummary(row, user.id)),
        nextCursor: page.nextCursor,
      };
      res.json(response);
    }, PackageListQuerySchema),
  );

  return router;
}
