import { z } from 'zod';
import { enNotificationTexts } from './notification-texts/en';
import { PackageStateSchema } from './packages';
import { idOf } from './ids';
import { readDecimal } from './text';

/**
 * What a notification is about. Notifications are stored as a kind plus their package's details,
 * and each reader's client says them in its own language; the API's `message` is the
 * English wording below, for SPEC's live message and other clients.
 */
export const NOTIFICATION_KINDS = [
  'pairedDonor',
  'pairedDistributor',
  'notPaired',
  'received',
  'distributed',
  'offered',
  'offerLapsed',
  'released',
  'cancelled',
  'expiredDonor',
  'expiredDistributor',
  'stillWaiting',
  'cancelledByCoordinator',
  'takenOver',
  /** A split donation's one notification to its donor: no single distributor named. */
  'splitDonor',
  /** To coordinators: a third of a package's window is left and nobody has accepted it. */
  'atRisk',
  /** To the donor: their distributor has set out for the meet point. */
  'onWay',
  /** To a distributor who did not say they were on their way in time: it goes to someone else. */
  'reclaimed',
  /** To the donor: their distributor did not say in time that they were coming. */
  'reclaimedDonor',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The English words of each notification; the same for every user of a kind. */
export const NOTIFICATION_TEXT: Record<NotificationKind, string> = enNotificationTexts;

/** SPEC notification, as the API presents it. */
export const NotificationSchema = z.object({
  /** Opaque: a sequence would tell anyone how many notifications the platform sends. */
  id: z.string(),
  packageId: z.string().nullable(),
  photo: z.string().nullable(),
  state: PackageStateSchema,
  user_type: z.enum(['Donor', 'Distributor', 'Coordinator']),
  kind: z.enum(NOTIFICATION_KINDS),
  message: z.string(),
  /** Which package: meals, place, when donated, and the other side's name once there is one. */
  about: z
    .object({
      quantity: z.number(),
      address: z.string(),
      donatedAt: z.string(),
      counterpartName: z.string().nullable(),
      /** To a donor, about a part of a split donation: which, and its meals. */
      donation: z.object({ id: z.string(), quantity: z.number() }).nullable(),
    })
    .nullable(),
  timestamp: z.string(),
  isSeen: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  notifs: z.array(NotificationSchema),
  unseen_count: z.number(),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** The answer to marking notifications seen: how many are still unseen. */
export const UnseenCountSchema = z.object({ unseen_count: z.number().int().min(0) });
export type UnseenCount = z.infer<typeof UnseenCountSchema>;

/** SPEC live message: message, photo, pid; plus what the client needs to update at once. */
export const LiveEventSchema = z.object({
  message: z.string(),
  photo: z.string().nullable(),
  pid: z.string().nullable(),
  state: PackageStateSchema,
  timestamp: z.string(),
  notification: NotificationSchema,
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

export const NOTIFICATION_PAGE_MAX = 50;

/** A notification's id as it arrives in a path, a query or Last-Event-ID: a UUID. */
const NotificationIdString = idOf();

/** GET .../getNotifs?cursor=&limit= (cursor: the id of the last notification shown) */
export const NotificationListQuerySchema = z.object({
  cursor: NotificationIdString.optional(),
  limit: z.preprocess(readDecimal, z.number().int().min(1).max(NOTIFICATION_PAGE_MAX)).default(20),
});

/** POST /api/notifications/:id/seen */
export const NotificationIdSchema = z.object({ id: NotificationIdString });
