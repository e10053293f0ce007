import { z } from 'zod';
import { said } from './field-words';
import { idOf } from './ids';
import { NOTIFICATION_KINDS } from './notifications';
import { DietSchema, PackageStateSchema, REASON_MAX } from './packages';
import { readDecimal, textField } from './text';

/** A page link's cursor that is not one this API gave (the catalogs' page-link words). */
const NOT_A_CURSOR = said('Not a valid cursor', 'field.cursor');

/** What the coordinator console sends and gets back (/api/coordinator/*). */

export const WAITING_STATES = ['Not Paired', 'Offered', 'Paired'] as const;
/** What a person reports; `disposed` is written by a disposal record (decision 042), not sent. */
export const PERSON_REPORT_REASONS = ['not_food', 'unsafe', 'no_show'] as const;
export const REPORT_REASONS = [...PERSON_REPORT_REASONS, 'disposed'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type PersonReportReason = (typeof PERSON_REPORT_REASONS)[number];
export const COORDINATOR_PAGE_MAX = 100;

const Party = z.object({ id: z.string().nullable(), name: z.string(), phone: z.string() });

/** GET /api/coordinator/packages?state=&city= */
export const WaitingQuerySchema = z.strictObject({
  state: z
    .enum(WAITING_STATES, {
      error: said('Choose Not Paired, Offered or Paired', 'field.waitingState'),
    })
    .optional(),
  city: textField({ max: 100 }).optional(),
});
export type WaitingQuery = z.input<typeof WaitingQuerySchema>;

export const WaitingPackageSchema = z.object({
  id: z.string(),
  state: PackageStateSchema,
  quantity: z.number(),
  diet: DietSchema,
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  city: z.string().nullable(),
  createdAt: z.string(),
  readyUntil: z.string(),
  offerExpiresAt: z.string().nullable(),
  donor: Party,
  distributor: Party.nullable(),
  openReports: z.number(),
  /**
   * When it was raised to coordinators: a third of its window left and nobody had accepted it.
   * Null when it was not, or once someone has accepted it. The list shows these first.
   */
  atRiskSince: z.string().nullable(),
});
export type WaitingPackage = z.infer<typeof WaitingPackageSchema>;

export const WaitingListSchema = z.object({
  packages: z.array(WaitingPackageSchema),
  /** Every city a waiting package is in, for the area filter. */
  cities: z.array(z.string()),
  /** More wait than are listed (the oldest deadlines are listed first). */
  isTruncated: z.boolean(),
});
export type WaitingList = z.infer<typeof WaitingListSchema>;

export const CANDIDATE_REFUSALS = [
  'not_distributor',
  'suspended',
  'inactive',
  'no_room',
  'veg_only',
  'gave_back',
] as const;

/** GET /api/coordinator/packages/:id/candidates: distributors nearest the package. */
export const CandidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  distanceKm: z.number(),
  distanceRangeKm: z.number(),
  openLoad: z.number(),
  maxCapacity: z.number(),
  isActive: z.boolean(),
  autoAccept: z.boolean(),
  /** Their record (decision 034): packages collected, pick-ups missed, offers let lapse. */
  record: z.object({ collected: z.number(), missed: z.number(), lapsed: z.number() }),
  /** Why they cannot be offered this package; null when they can. */
  refusal: z.enum(CANDIDATE_REFUSALS).nullable(),
  /**
   * How far the donor and this distributor are apart beyond what the two travel together (km,
   * 0.1; 0 when they reach each other). Matching never pairs them; a coordinator may, and then
   * the distributor travels that much beyond their range (the donor never beyond theirs).
   */
  beyondReachKm: z.number(),
});
export type Candidate = z.infer<typeof CandidateSchema>;
export const CandidateListSchema = z.object({ candidates: z.array(CandidateSchema) });
export type CandidateList = z.infer<typeof CandidateListSchema>;

/** POST /api/coordinator/packages/:id/offer */
export const CoordinatorOfferSchema = z.strictObject({
  distributorId: z
    .uuid({ error: said('Choose a distributor', 'field.chooseDistributor') })
    .transform((id) => id.toLowerCase()),
});
export type CoordinatorOffer = z.input<typeof CoordinatorOfferSchema>;

/** A coordinator's reason: always given, and kept in the audit log. */
const RequiredReason = textField({
  min: 3,
  max: REASON_MAX,
  messages: { required: said('Give a reason (at least 3 characters)', 'field.reasonRequired') },
});

/** POST /api/coordinator/packages/:id/cancel, /people/:id/suspend, /people/:id/reinstate */
export const CoordinatorReasonSchema = z.strictObject({ reason: RequiredReason });
export type CoordinatorReason = z.input<typeof CoordinatorReasonSchema>;

/** GET /api/coordinator/people?q= */
export const PeopleQuerySchema = z.strictObject({
  q: textField({
    min: 2,
    max: 100,
    messages: {
      required: said(
        'Type at least 2 characters of a name, e-mail or phone number',
        'field.peopleQuery',
      ),
    },
  }),
});

export const PersonSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  userType: z.enum(['donor', 'distributor']).nullable(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof PersonSummarySchema>;
export const PeopleListSchema = z.object({ people: z.array(PersonSummarySchema) });
export type PeopleList = z.infer<typeof PeopleListSchema>;

export const ReliabilitySchema = z.object({
  /** A distributor's offers: made to them, taken (accepted or paired at once), let lapse, declined. */
  offers: z.number(),
  offersAccepted: z.number(),
  offersLapsed: z.number(),
  offersDeclined: z.number(),
  released: z.number(),
  /** Their packages (as donor or distributor) by how they ended. */
  completed: z.number(),
  expired: z.number(),
  cancelled: z.number(),
});
export type Reliability = z.infer<typeof ReliabilitySchema>;

export const PersonPackageSchema = z.object({
  id: z.string(),
  state: PackageStateSchema,
  quantity: z.number(),
  address: z.string(),
  createdAt: z.string(),
  role: z.enum(['donor', 'distributor']),
});

/** GET /api/coordinator/people/:id */
export const PersonDetailSchema = PersonSummarySchema.extend({
  createdAt: z.string(),
  /** Named in COORDINATOR_EMAILS: cannot be suspended (take them out of the list first). */
  isCoordinator: z.boolean(),
  reliability: ReliabilitySchema,
  /**
   * A distributor's record as matching counts it (decision 034), and whether they get each
   * package as an offer for now despite autoAccept; null for a donor.
   */
  dispatchRecord: z
    .object({
      collected: z.number(),
      missed: z.number(),
      lapsed: z.number(),
      isAskedFirst: z.boolean(),
    })
    .nullable(),
  /** Their latest 50 packages. */
  packages: z.array(PersonPackageSchema),
  /** A donor's FSSAI number or a distributor's registration, and whether it was checked. */
  registration: z
    .object({ kind: z.enum(['fssai', 'ngo']), number: z.string(), isVerified: z.boolean() })
    .nullable(),
});
export type PersonDetail = z.infer<typeof PersonDetailSchema>;

/** POST /api/coordinator/people/:id/registration: a coordinator checked the number (or not). */
export const VerifyRegistrationSchema = z.strictObject({
  isVerified: z.boolean({ error: said('Choose true or false', 'field.trueOrFalse') }),
  /** The number the coordinator looked up: refused (409) when the person changed it since. */
  number: textField({ max: 40 }),
});

/** POST /api/package/:id/report (the donor or the distributor of the package). */
export const ReportRequestSchema = z.strictObject({
  reason: z.enum(PERSON_REPORT_REASONS, {
    error: said('Choose not food, unsafe or no-show', 'field.reportReason'),
  }),
  note: textField({ max: REASON_MAX, isMultiLine: true }).optional(),
});
export type ReportRequest = z.input<typeof ReportRequestSchema>;

export const ReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  reporter: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * For a disposal: packages of this donor with food disposed of in the last 30 days; from
   * DISPOSALS_FLAGGED_FROM on, the donor is flagged (0 for other reports).
   */
  donorDisposals: z.number(),
  package: z.object({
    id: z.string(),
    state: PackageStateSchema,
    quantity: z.number(),
    address: z.string(),
    donor: Party,
    distributor: Party.nullable(),
  }),
});
export type Report = z.infer<typeof ReportSchema>;
/** Repeated cases from one donor: this many disposals in 30 days flags them. */
export const DISPOSALS_FLAGGED_FROM = 2;
export const ReportListSchema = z.object({
  reports: z.array(ReportSchema),
  /** Give it back as ?cursor= for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type ReportList = z.infer<typeof ReportListSchema>;

export const ContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  deliveryState: z.enum(['stored', 'sent', 'failed']),
  readAt: z.string().nullable(),
});
export type ContactMessageItem = z.infer<typeof ContactMessageSchema>;
export const ContactMessageListSchema = z.object({
  messages: z.array(ContactMessageSchema),
  unread: z.number(),
  nextCursor: z.string().nullable(),
});
export type ContactMessageList = z.infer<typeof ContactMessageListSchema>;

/** A time the server wrote to the microsecond (UTC) that is a real moment (no 30 February). */
function isRealMoment(at: string): boolean {
  const millis = `${at.slice(0, 23)}Z`;
  const date = new Date(millis);
  return (
    !Number.isNaN(date.getTime()) && date.toISOString() === millis && date.getUTCFullYear() >= 1970
  );
}

/**
 * Where the next page of a list starts: the last item shown, as the server wrote it (its time to
 * the microsecond, UTC, and its id). Each list has its own kind: a report's cursor also says
 * whether it was open or closed ('o' or 'c' first), a message's does not.
 */
function pageCursor(prefix: string) {
  const shape = new RegExp(
    `^${prefix}(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6})Z_[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$`,
  );
  return z.string().refine((cursor) => {
    const at = shape.exec(cursor)?.[1];
    return at !== undefined && isRealMoment(at);
  }, NOT_A_CURSOR);
}

/** GET /api/coordinator/reports?cursor= */
export const ReportPageQuerySchema = z.strictObject({ cursor: pageCursor('[oc]').optional() });

/** GET /api/coordinator/messages?cursor= */
export const MessagePageQuerySchema = z.strictObject({ cursor: pageCursor('').optional() });

/** PATCH /api/coordinator/messages/:id */
export const MessageReadSchema = z.strictObject({
  isRead: z.boolean({ error: said('Choose true or false', 'field.trueOrFalse') }),
});

/**
 * What an action concerned, as facts the console words in the reader's
 * language: whom a package was offered to and in what state it went, what state a cancelled
 * package was in, how many open packages a suspension called off or gave back, what a closed
 * report said, which days an export covered.
 */
export const AuditDetailsSchema = z.object({
  distributorName: z.string().nullable().optional(),
  state: PackageStateSchema.optional(),
  was: PackageStateSchema.optional(),
  openPackages: z.number().optional(),
  reportReason: z.enum(REPORT_REASONS).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});
export type AuditDetails = z.infer<typeof AuditDetailsSchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  actorEmail: z.string(),
  action: z.string(),
  targetKind: z.enum(['package', 'user', 'message', 'report']),
  targetId: z.string(),
  reason: z.string().nullable(),
  /** Entries written before `details` existed: a short English description. */
  summary: z.string().nullable(),
  details: AuditDetailsSchema.nullable(),
  /** Who the target is now (a person's name, a message's sender), read when shown. */
  targetName: z.string().nullable(),
  /** The package the target is or concerns, as it is now. */
  targetPackage: z.object({ quantity: z.number(), address: z.string() }).nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.number().nullable(),
});
export type AuditList = z.infer<typeof AuditListSchema>;

/** A list's cursor that is the last row's id: a positive whole number. */
const idCursor = z
  .preprocess(
    readDecimal,
    z.number({ error: NOT_A_CURSOR }).int(NOT_A_CURSOR).positive(NOT_A_CURSOR),
  )
  .optional();

/** GET /api/coordinator/audit?cursor= */
export const AuditQuerySchema = z.strictObject({ cursor: idCursor });

/** The channels a notification goes out on (the outbox's, decision 039). */
export const DELIVERY_CHANNELS = ['push', 'email', 'whatsapp', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** What a phone provider says of a message it took, in the order they happen (failed aside). */
export const PROVIDER_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** How one channel did with one notification (all of a person's devices count as one push). */
export const ChannelOutcomeSchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  /** sent: handed to the service that delivers it; dropped: no longer worth sending. */
  state: z.enum(['pending', 'sent', 'failed', 'dropped']),
  /** WhatsApp's (or the SMS provider's) furthest report: sent, delivered, read, or failed. */
  providerStatus: z.enum(PROVIDER_STATUSES).nullable(),
  /** Tries so far (for push, the most any one device took). */
  attempts: z.number(),
  /** When it was sent, given up or dropped; null while pending. */
  at: z.string().nullable(),
  /** Why the last try failed, or why it was dropped: the sender's own words. */
  error: z.string().nullable(),
  /** Devices, for push; 1 otherwise. */
  count: z.number(),
});
export type ChannelOutcome = z.infer<typeof ChannelOutcomeSchema>;

/** One notification of the last seven days and how it went out on each channel. */
export const DeliveryEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  person: z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(['Donor', 'Distributor', 'Coordinator']),
  }),
  package: z.object({ id: z.string(), quantity: z.number(), address: z.string() }).nullable(),
  channels: z.array(ChannelOutcomeSchema),
  /** The channel that was sent first, which reached the person soonest; null if none did. */
  firstReached: z.enum(DELIVERY_CHANNELS).nullable(),
});
export type DeliveryEntry = z.infer<typeof DeliveryEntrySchema>;
export const DeliveryListSchema = z.object({
  entries: z.array(DeliveryEntrySchema),
  nextCursor: z.number().nullable(),
});
export type DeliveryList = z.infer<typeof DeliveryListSchema>;

/** GET /api/coordinator/deliveries?failed=1&cursor= */
export const DeliveryQuerySchema = z.strictObject({
  cursor: idCursor,
  /** Only notifications a channel gave up on. */
  failed: z
    .enum(['0', '1'], { error: said('Use 1 or 0', 'field.failedOnly') })
    .transform((v) => v === '1')
    .optional(),
});

const Day = z.iso
  .date({ error: said('Use a date as YYYY-MM-DD', 'field.dateFormat') })
  .refine((day) => day >= '2000-01-01' && day <= '2099-12-31', {
    error: said('Use a date between 2000 and 2099', 'field.dateRange'),
  });

/** GET /api/coordinator/packages.csv?from=&to= (both days included, India time). */
export const ExportQuerySchema = z
  .strictObject({ from: Day, to: Day })
  .refine((q) => q.from <= q.to, {
    message: said('The end date cannot be before the start date', 'field.fromAfterTo'),
    path: ['to'],
    // Only between two good days: a day out of range is that day's error, not an order one.
    when: (payload) => payload.issues.length === 0,
  });
export type ExportQuery = z.input<typeof ExportQuerySchema>;

export const IdPathSchema = z.object({ id: idOf() });
