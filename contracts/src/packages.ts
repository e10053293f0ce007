import { z } from 'zod';
import { said } from './field-words';
import { idOf } from './ids';
import { LocationSchema, PresentedLocationSchema } from './location';
import { numberField } from './number-field';
import { asciiDigits, readDecimal, textField } from './text';
import { DISTANCE_RANGE_MAX_KM } from './users';

export const PACKAGE_STATES = [
  'Not Paired',
  'Offered',
  'Paired',
  'Received',
  'Distributed',
  'Cancelled',
  'Expired',
] as const;
export const PackageStateSchema = z.enum(PACKAGE_STATES);
export type PackageState = z.infer<typeof PackageStateSchema>;

/** States in which a package still waits for a distributor to take it. */
export const WAITING_STATES = ['Not Paired', 'Offered'] as const satisfies PackageState[];
/** States in which a distributor holds the package (its meals count against their capacity). */
export const HELD_STATES = ['Offered', 'Paired', 'Received'] as const satisfies PackageState[];
/** States a package cannot leave. */
export const FINAL_STATES = [
  'Distributed',
  'Cancelled',
  'Expired',
] as const satisfies PackageState[];

/** What the food is: vegetarian, non-vegetarian, or vegetarian with egg. */
export const DIETS = ['veg', 'nonveg', 'egg'] as const;
export const DietSchema = z.enum(DIETS, { error: said('Choose veg, nonveg or egg', 'field.diet') });
export type Diet = z.infer<typeof DietSchema>;

/**
 * What the food is (decision 040): cooked and kept hot, cooked and kept chilled, packaged with a
 * printed label, raw produce, or bakery. Cooked food has a clock that starts when it was prepared.
 */
export const FOOD_KINDS = ['cookedHot', 'cookedChilled', 'packaged', 'produce', 'bakery'] as const;
export const FoodKindSchema = z.enum(FOOD_KINDS, {
  error: said('Choose cookedHot, cookedChilled, packaged, produce or bakery', 'field.foodKind'),
});
export type FoodKind = z.infer<typeof FoodKindSchema>;
export const COOKED_FOOD_KINDS = ['cookedHot', 'cookedChilled'] as const satisfies FoodKind[];
export const isCooked = (kind: FoodKind | null | undefined): boolean =>
  kind === 'cookedHot' || kind === 'cookedChilled';

/** FSSAI: cooked food, kept hot (60 °C or above) or cold (5 °C or below), is eaten within 4 hours of cooking. */
export const COOKED_EAT_WITHIN_HOURS = 4;
/** Our policy for bakery and raw produce: given out within a day of the latest pick-up. */
export const FRESH_GIVE_OUT_HOURS = 24;
/** Cooked food with less of its 4 hours left than this cannot be picked up and eaten in time. */
export const COOKED_LEAST_LEFT_MINUTES = 30;
/** A clock a little ahead of the server's is not a preparation time in the future. */
export const PREPARED_AT_LEEWAY_MINUTES = 5;

/**
 * When the food must be eaten or given out by (decision 040): cooked food 4 hours after it was
 * prepared; bakery and produce a day after the latest pick-up; packaged food by its printed date
 * (null: the label says). Null too when the donation did not say what the food is.
 */
export function foodUseBy(
  kind: FoodKind | null | undefined,
  preparedAt: Date | null | undefined,
  readyUntil: Date,
): Date | null {
  if (isCooked(kind)) {
    return preparedAt ? new Date(preparedAt.getTime() + COOKED_EAT_WITHIN_HOURS * 3_600_000) : null;
  }
  if (kind === 'bakery' || kind === 'produce') {
    return new Date(readyUntil.getTime() + FRESH_GIVE_OUT_HOURS * 3_600_000);
  }
  return null;
}

/** A package's timeline, one entry per change. */
export const PACKAGE_EVENT_KINDS = [
  'created',
  'offered',
  'accepted',
  'declined',
  'lapsed',
  'paired',
  'released',
  'widened',
  'received',
  'distributed',
  'cancelled',
  'expired',
  // A coordinator's actions, told apart from the donor's and the distributor's own.
  'cancelledByCoordinator',
  'takenBack',
  // The distributor said they set out for the meet point.
  'onWay',
  // Not said in time: the package went to someone else (decision 044).
  'reclaimed',
] as const;
export type PackageEventKind = (typeof PACKAGE_EVENT_KINDS)[number];

/** The pickup window a donor may give: later than now, at most two days ahead. */
export const PICKUP_WINDOW_MAX_HOURS = 48;
export const PICKUP_WINDOW_DEFAULT_HOURS = 3;
export const HANDOVER_CODE_TRIES = 5;
export const HANDOVER_LOCK_MINUTES = 10;
export const REASON_MAX = 300;
export const SERVED_COUNT_MAX = 1_000_000;

/**
 * "Pick up by": an ISO 8601 time with its offset. Checked against the clock when it is read, so
 * a form left open too long is told its time has passed.
 */
export const ReadyUntilSchema = z.iso
  .datetime({
    offset: true,
    error: said('Enter a time like 2026-11-24T18:30:00+05:30', 'field.timeFormat'),
  })
  .refine(
    (text) => Date.parse(text) > Date.now(),
    said('Pick up by must be later than now', 'server.readyUntilPast'),
  )
  .refine(
    (text) => Date.parse(text) <= Date.now() + PICKUP_WINDOW_MAX_HOURS * 3_600_000,
    said(
      `Pick up by must be at most ${PICKUP_WINDOW_MAX_HOURS} hours from now`,
      'server.readyUntilTooFar',
    ),
  );

/** When cooked food was prepared: an ISO 8601 time with its offset, not in the future. */
export const PreparedAtSchema = z.iso
  .datetime({
    offset: true,
    error: said('Enter a time like 2026-11-24T18:30:00+05:30', 'field.timeFormat'),
  })
  .refine(
    (text) => Date.parse(text) <= Date.now() + PREPARED_AT_LEEWAY_MINUTES * 60_000,
    said('Prepared at cannot be in the future', 'server.preparedAtFuture'),
  );

/**
 * The food's clock (decision 040), checked with the rest of a donation: cooked food says when it
 * was prepared, is refused once it was prepared more than 4 hours ago, and must be picked up
 * before it must be eaten; a preparation time is for cooked food only.
 */
const PREPARED_NOT_COOKED = said(
  'Only cooked food has a preparation time',
  'server.preparedAtNotCooked',
);
const PREPARED_REQUIRED = said('Say when cooked food was prepared', 'server.preparedAtRequired');
const PREPARED_TOO_LONG_AGO = said(
  `Cooked food must be eaten within ${COOKED_EAT_WITHIN_HOURS} hours of cooking: this was prepared too long ago`,
  'server.preparedTooLongAgo',
  { hours: COOKED_EAT_WITHIN_HOURS },
);
const READY_AFTER_USE_BY = said(
  `Cooked food must be picked up within ${COOKED_EAT_WITHIN_HOURS} hours of cooking: choose an earlier pick-up time`,
  'server.readyUntilAfterUseBy',
  { hours: COOKED_EAT_WITHIN_HOURS },
);

export function checkFoodClock(
  body: {
    foodKind?: FoodKind | undefined;
    preparedAt?: string | undefined;
    readyUntil?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const { foodKind, preparedAt, readyUntil } = body;
  const refuse = (field: 'preparedAt' | 'readyUntil', message: string) =>
    ctx.addIssue({ code: 'custom', path: [field], message });
  if (!isCooked(foodKind)) {
    if (preparedAt !== undefined) refuse('preparedAt', PREPARED_NOT_COOKED);
    return;
  }
  if (preparedAt === undefined) return refuse('preparedAt', PREPARED_REQUIRED);
  const useBy = Date.parse(preparedAt) + COOKED_EAT_WITHIN_HOURS * 3_600_000;
  // Too late to be picked up and eaten: less than half an hour of its 4 hours is left.
  if (useBy - Date.now() < COOKED_LEAST_LEFT_MINUTES * 60_000)
    return refuse('preparedAt', PREPARED_TOO_LONG_AGO);
  if (readyUntil !== undefined && Date.parse(readyUntil) > useBy)
    refuse('readyUntil', READY_AFTER_USE_BY);
}

/** A short reason for declining, releasing or cancelling; optional everywhere. */
export const ReasonRequestSchema = z.strictObject({
  reason: textField({ max: REASON_MAX }).optional(),
});
export type ReasonRequest = z.input<typeof ReasonRequestSchema>;

/** The donor named in a handover is not this package's (nor null for a donor who has left). */
export const DONOR_MISMATCH = said('Does not match this package', 'server.donorMismatch');

export const HANDOVER_CODE_REQUIRED = said(
  'Enter the 4-digit handover code',
  'server.codeRequired',
);

/**
 * The four digits the donor shows at the handover, in any script's digits; spaces and dashes
 * between them are let go (the donor's page spaces the digits out, and a copied code keeps them).
 */
export const HandoverCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' ? asciiDigits(value.replace(/[\s-]/g, '')) : value),
  z.string({ error: HANDOVER_CODE_REQUIRED }).regex(/^\d{4}$/, HANDOVER_CODE_REQUIRED),
);

export const MAX_PACKAGE_MEALS = 100_000;
export const IDEMPOTENCY_KEY_MAX = 100;

/** The longest travel-capacity text worth reading ("123.5 kilometres" and some spaces). */
const TRAVEL_CAPACITY_TEXT_MAX = 40;

const travelCapacityMessage = said(
  'Enter a distance in km, like 10 or "10 Kilometres"',
  'field.travelCapacity',
);

/**
 * The donate form's Travel Capacity is free text (SPEC): "10", "10 km", "10 Kilometres" and
 * "7.5 kms" all mean a number of kilometres; anything else is a field error.
 */
export function parseKilometres(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  // Capped before any pattern looks at it; trimmed first, so the pattern has one run of spaces
  // to consider, between the number and the unit (linear, whatever the input).
  if (typeof value !== 'string' || value.length > TRAVEL_CAPACITY_TEXT_MAX) return undefined;
  // The unit in English, Hindi or Bengali ("10 km", "10 किलोमीटर", "১০ কিমি"), any digits.
  const match =
    /^(\d{1,6}(?:\.\d{1,6})?) *(?:km|kms|kilomet(?:er|re)s?|कि\.? ?मी\.?|किलोमीटर|কি\.? ?মি\.?|কিলোমিটার)?$/iu.exec(
      asciiDigits(value.trim()),
    );
  return match ? Number(match[1]) : undefined;
}

export const TravelCapacitySchema = z.preprocess(
  (value) => parseKilometres(value) ?? value,
  z
    .number({ error: travelCapacityMessage })
    .refine(Number.isFinite, travelCapacityMessage)
    .refine((n) => n >= 0, said('Travel capacity must be at least 0 km', 'field.travelAtLeast'))
    .refine(
      (n) => n <= DISTANCE_RANGE_MAX_KM,
      said(`Travel capacity must be at most ${DISTANCE_RANGE_MAX_KM} km`, 'field.travelAtMost', {
        max: DISTANCE_RANGE_MAX_KM,
      }),
    ),
);

/** A client's name for one attempt to donate: printable, 1-100 characters. */
export const IdempotencyKeySchema = textField({ max: IDEMPOTENCY_KEY_MAX, min: 1 });

/** POST /api/donor/donate (SPEC section 7). Name and phone come from the profile, not the body. */
export const DonateRequestSchema = z
  .object({
    donor_id: idOf(),
    quantity: numberField('Quantity', { min: 1, max: MAX_PACKAGE_MEALS, isInteger: true }),
    travelCapacity: TravelCapacitySchema,
    location: LocationSchema,
    /** When the donor pressed the button (epoch ms); the server keeps its own time. */
    timestamp: z.number().optional(),
    donor_name: textField({ max: 200 }).optional(),
    donor_phone: textField({ max: 40 }).optional(),
    /** Repeats of the same key create one package (also accepted as the Idempotency-Key header). */
    idempotencyKey: IdempotencyKeySchema.optional(),
    /** The food must be picked up by then (default: three hours from now). */
    readyUntil: ReadyUntilSchema.optional(),
    diet: DietSchema.optional(),
    /** May be split across distributors when no single one has room (default false). */
    allowSplit: z.boolean({ error: said('Choose true or false', 'field.trueOrFalse') }).optional(),
    /** What the food is; cooked food also says when it was prepared. */
    foodKind: FoodKindSchema.optional(),
    /** Cooked food only: when it was prepared (ISO 8601 with its offset). */
    preparedAt: PreparedAtSchema.optional(),
  })
  .superRefine(checkFoodClock);
export type DonateRequest = z.input<typeof DonateRequestSchema>;

export const PackageEventSchema = z.object({
  kind: z.enum(PACKAGE_EVENT_KINDS),
  at: z.string(),
  /** The distributor concerned, named only to themselves and once they have accepted. */
  distributorName: z.string().nullable(),
  /** Whether the event concerns the viewer (a distributor's own offer, answer or release). */
  isViewer: z.boolean(),
  reason: z.string().nullable(),
});
export type PackageEvent = z.infer<typeof PackageEventSchema>;

/**
 * Why a package is still waiting, for its donor: counts and distances only (never
 * who), from the rules matching uses. Distances in whole kilometres.
 */
export const ExplanationSchema = z.object({
  /** Distributors whose range and the donor's travel together reach the pickup point. */
  withinReach: z.number(),
  /** Of those, how many are taking packages now. */
  active: z.number(),
  /** Of the active ones, how many turned this package (or another part of its donation) down. */
  turnedDown: z.number(),
  /** Of those, how many have room for all of it (and take its food). */
  withRoom: z.number(),
  /** The most meals one of the active ones within reach could take now (null: none has room). */
  largestNow: z.number().nullable(),
  /** The nearest one with room out of reach: how far it is, and the travel that would reach it. */
  nearestOutOfReach: z.object({ distanceKm: z.number(), travelKm: z.number() }).nullable(),
  /**
   * A waiting part of a split donation that already has the most parts allowed: how many. It
   * waits for one distributor with room for all of it (null: not so).
   */
  partsAtLimit: z.number().nullable(),
  suggestions: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('widen'), travelCapacity: z.number() }),
      z.object({ kind: z.literal('split') }),
      z.object({ kind: z.literal('wait'), until: z.string() }),
    ]),
  ),
});
export type Explanation = z.infer<typeof ExplanationSchema>;

/** To the distributor offered or given a package: why them. */
export const WhyYouSchema = z.object({
  /** From their home to the meet point: offered, to the kilometre (at least 1); later to a tenth. */
  distanceKm: z.number(),
  /** Meals they still have room for with this package counted. */
  roomAfter: z.number(),
  /** A coordinator chose them, not matching: the reasons above are not why. */
  byCoordinator: z.boolean(),
});
export type WhyYou = z.infer<typeof WhyYouSchema>;

export const WEEKDAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS, {
  error: said('Choose days from mo, tu, we, th, fr, sa, su', 'field.weekday'),
});
export type Weekday = z.infer<typeof WeekdaySchema>;
/** On a package of a standing donation, to its donor and its distributor. */
export const PackageStandingSchema = z.object({
  id: z.string(),
  days: z.array(WeekdaySchema),
  readyAt: z.string(),
  /** The viewer takes it every day already. */
  isViewersPickup: z.boolean(),
  /** The viewer (its distributor this day) may take it every day. */
  mayTakeEveryDay: z.boolean(),
  /** Someone takes it every day (to the donor: who). */
  pickupBy: z.string().nullable(),
});
export type PackageStanding = z.infer<typeof PackageStandingSchema>;

/** SPEC package entity, as the API presents it, with its pickup lifecycle. */
export const PackageSchema = z.object({
  _id: z.string(),
  donor_id: z.string().nullable(),
  /** Hidden (empty) from a distributor until they accept the offer. */
  donor_name: z.string(),
  donor_phone: z.string(),
  current_state: PackageStateSchema,
  timestamp: z.string(),
  location: PresentedLocationSchema,
  quantity: z.number(),
  travelCapacity: z.number(),
  pair: z
    .object({
      distributor_id: z.string().nullable(),
      distributor_name: z.string(),
      distributor_phone: z.string(),
      /** Only for the distributor themselves; null for the donor. */
      distributor_location: PresentedLocationSchema.nullable(),
      meet_location: PresentedLocationSchema,
      /** Only for the distributor themselves; null for the donor. */
      distributor_path: z.string().nullable(),
      donor_path: z.string(),
    })
    .nullable(),
  readyUntil: z.string(),
  diet: DietSchema,
  /** What the food is (null: the donation did not say). */
  foodKind: FoodKindSchema.nullable(),
  /** Cooked food: when it was prepared. */
  preparedAt: z.string().nullable(),
  /** When it must be eaten or given out by (null: packaged food's label says, or not known). */
  useBy: z.string().nullable(),
  /** While Offered: when the offer lapses. */
  offerExpiresAt: z.string().nullable(),
  /** Once accepted, to both sides: when the distributor said they set out. */
  onWayAt: z.string().nullable(),
  /**
   * To the distributor holding it: by when they must say they are on their way, or it goes to
   * someone else (decision 044); null when nothing is asked of them.
   */
  checkInBy: z.string().nullable(),
  /** To the offered distributor: the area of the meet point (no contact before accepting). */
  offerMeetArea: z.string().nullable(),
  /** To the donor only, while Paired. */
  handoverCode: z.string().nullable(),
  /** To the distributor: when too many wrong codes have locked Received, until when. */
  handoverLockedUntil: z.string().nullable(),
  servedCount: z.number().nullable(),
  events: z.array(PackageEventSchema),
  /** The donation this package is a part of, when it was split (donor only). */
  groupId: z.string().nullable(),
  /** The whole donation's meals, with groupId. */
  groupQuantity: z.number().nullable(),
  allowSplit: z.boolean(),
  /** To the donor, while it waits: why, and what would help. */
  explanation: ExplanationSchema.nullable(),
  /** To the distributor offered or given it: why them. */
  whyYou: WhyYouSchema.nullable(),
  /** A package of a standing donation (to its donor and its distributor): its days. */
  standing: PackageStandingSchema.nullable(),
  /** What the distributor confirmed at Received (null: not received, or no checklist given). */
  handoverCheck: z
    .object({ packed: z.boolean(), temperature: z.boolean(), inTime: z.boolean() })
    .nullable(),
  /** Meals the distributor recorded as unfit and disposed of, and why (to both sides). */
  disposal: z.object({ quantity: z.number(), reason: z.string(), at: z.string() }).nullable(),
  /**
   * The other side's registration, once the distributor accepted: the donor's FSSAI licence to
   * the distributor, the distributor's NGO registration to the donor; and whether a coordinator
   * checked it.
   */
  counterpartRegistration: z
    .object({ kind: z.enum(['fssai', 'ngo']), number: z.string(), isVerified: z.boolean() })
    .nullable(),
});
export type Package = z.infer<typeof PackageSchema>;

export const PackageResponseSchema = z.object({ package: PackageSchema });
export type PackageResponse = z.infer<typeof PackageResponseSchema>;

/** Why food was found unfit (decision 042). */
export const DISPOSAL_REASONS = [
  'spoiled',
  'temperature',
  'packaging',
  'pastUseBy',
  'other',
] as const;
export const DisposalReasonSchema = z.enum(DISPOSAL_REASONS, {
  error: said('Choose spoiled, temperature, packaging, pastUseBy or other', 'field.disposalReason'),
});
export type DisposalReason = z.infer<typeof DisposalReasonSchema>;

/** POST /api/package/:id/dispose: the distributor records meals found unfit and disposed of. */
export const DisposeRequestSchema = z.strictObject({
  quantity: numberField('Quantity', { min: 1, max: MAX_PACKAGE_MEALS, isInteger: true }),
  reason: DisposalReasonSchema,
  note: textField({ max: REASON_MAX }).optional(),
});
export type DisposeRequest = z.input<typeof DisposeRequestSchema>;

const CHECK_FAILED = said(
  'Take food only when it passes every check; otherwise record it as unfit',
  'server.checkFailed',
);

export const MarkPackageRequestSchema = z.object({
  /** null once the donor has deleted their account (a Received package finishes without them). */
  donor_id: idOf().nullable(),
  distributor_id: idOf(),
  packageId: idOf(),
  state: z.enum(['Received', 'Distributed'], {
    error: said('State must be Received or Distributed', 'field.receivedOrDistributed'),
  }),
  /** Required for Received: the donor's handover code. */
  code: HandoverCodeSchema.optional(),
  /**
   * At Received, what the distributor confirms (decision 042): packed and covered, at its
   * temperature class (hot food hot, chilled food cold), within its time. Each must be true:
   * food that fails one is not taken, it is recorded as unfit.
   */
  checklist: z
    .strictObject({
      packed: z.literal(true, { error: CHECK_FAILED }),
      temperature: z.literal(true, { error: CHECK_FAILED }),
      inTime: z.literal(true, { error: CHECK_FAILED }),
    })
    .optional(),
  /** At Distributed: how many people were served (optional). */
  servedCount: numberField('People served', {
    min: 1,
    max: SERVED_COUNT_MAX,
    isInteger: true,
  }).optional(),
});
export type MarkPackageRequest = z.infer<typeof MarkPackageRequestSchema>;

export const PackageIdPathSchema = z.object({ id: idOf() });
export const DeletePackagePathSchema = z.object({
  donor_id: idOf(),
  packageId: idOf(),
});

/** PATCH /api/package/:id: a donor widens (or narrows) how far they travel, while waiting. */
/** PATCH /api/package/:id: travel farther, or allow splitting, or both. */
export const WidenRequestSchema = z
  .strictObject({
    travelCapacity: TravelCapacitySchema.optional(),
    allowSplit: z
      .literal(true, { error: said('allowSplit can only be turned on', 'field.splitOnlyOn') })
      .optional(),
  })
  .refine((body) => body.travelCapacity !== undefined || body.allowSplit !== undefined, {
    error: said('Travel capacity is required', 'field.required', { label: 'Travel capacity' }),
    path: ['travelCapacity'],
  });
export type WidenRequest = z.input<typeof WidenRequestSchema>;

export const PACKAGE_PAGE_MAX = 50;
export const PackageListQuerySchema = z.object({
  cursor: textField({ max: 200 }).optional(),
  limit: z.preprocess(readDecimal, z.number().int().min(1).max(PACKAGE_PAGE_MAX)).default(10),
});

export const PackageSummarySchema = z.object({
  _id: z.string(),
  current_state: PackageStateSchema,
  quantity: z.number(),
  timestamp: z.string(),
  address: z.string(),
  /** The other side: the distributor for a donor, the donor for a distributor. */
  counterpart: z.string().nullable(),
  /** A part of a split donation (to its donor), and the whole donation's meals. */
  groupId: z.string().nullable(),
  groupQuantity: z.number().nullable(),
});
export type PackageSummary = z.infer<typeof PackageSummarySchema>;

export const PackageListSchema = z.object({
  packages: z.array(PackageSummarySchema),
  nextCursor: z.string().nullable(),
});
export type PackageList = z.infer<typeof PackageListSchema>;

/** The way from the viewer's own location to the meet point, for the package page's map. */
export const MeetRouteSchema = z.object({
  kind: z.enum(['road', 'straight']),
  from: z.tuple([z.number(), z.number()]),
  to: z.tuple([z.number(), z.number()]),
  points: z.array(z.tuple([z.number(), z.number()])),
  distanceKm: z.number(),
});
export type MeetRoute = z.infer<typeof MeetRouteSchema>;

/** GET /api/donations/:groupId: a split donation and its parts, for its donor. */
export const DonationGroupSchema = z.object({
  groupId: z.string(),
  /** The whole donation's meals; the parts add up to it. */
  quantity: z.number(),
  timestamp: z.string(),
  readyUntil: z.string(),
  /** Where the food is picked up (the donor's own point). */
  location: PresentedLocationSchema,
  parts: z.array(
    z.object({
      _id: z.string(),
      quantity: z.number(),
      current_state: PackageStateSchema,
      /** Once the part's distributor has accepted. */
      distributor_name: z.string().nullable(),
      meet_location: PresentedLocationSchema.nullable(),
      /** While Paired: the code the donor shows this part's distributor at the handover. */
      handoverCode: z.string().nullable(),
      /** While Offered: when the offer lapses (and the part is offered to someone else). */
      offerExpiresAt: z.string().nullable(),
    }),
  ),
});
export type DonationGroup = z.infer<typeof DonationGroupSchema>;

export const GroupIdPathSchema = z.object({
  groupId: idOf(),
});
