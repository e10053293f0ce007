import { z } from 'zod';
import { said } from './field-words';
import { idOf } from './ids';
import { LocationSchema } from './location';
import { numberField } from './number-field';
import {
  COOKED_EAT_WITHIN_HOURS,
  DietSchema,
  FoodKindSchema,
  isCooked,
  MAX_PACKAGE_MEALS,
  PackageStateSchema,
  TravelCapacitySchema,
  WeekdaySchema,
} from './packages';

export { WEEKDAYS, WeekdaySchema, type Weekday } from './packages';

/**
 * A standing donation (decision 041): the same food at the same time on chosen days, each day's
 * package listed ahead of its time and matched as usual. Days and times are India's (IST).
 */
export const STANDING_TIME_ZONE = 'Asia/Kolkata';
/** The longest pick-up window a standing donation may have (cooked food: its 4 hours). */
export const STANDING_WINDOW_MAX_HOURS = 12;
/** How many upcoming days a standing donation's page lists. */
export const STANDING_DAYS_SHOWN = 14;

const DAYS_REQUIRED = said('Choose at least one day', 'field.weekdays');
const DAYS_ONCE = said('Name each day once', 'field.weekdaysOnce');
const READY_AT = said('Enter a time of day like 19:30', 'field.timeOfDay');
const DATE = said('Use a date as YYYY-MM-DD', 'field.dateFormat');
const WINDOW_TOO_LONG_FOR_COOKED = said(
  `Cooked food must be picked up within ${COOKED_EAT_WITHIN_HOURS} hours of cooking: choose a shorter window`,
  'server.windowAfterUseBy',
  { hours: COOKED_EAT_WITHIN_HOURS },
);
const ENDS_BEFORE_START = said('The last day must not be before the first', 'field.fromAfterTo');

/** A date as YYYY-MM-DD, in years a calendar and the database both hold. */
export const LocalDateSchema = z.iso
  .date({ error: DATE })
  .refine((text) => text >= '2000-01-01' && text <= '2099-12-31', DATE);
/** "19:30": a time of day on the 24-hour clock, India's time. */
export const TimeOfDaySchema = z
  .string({ error: READY_AT })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, READY_AT);

const WindowHoursSchema = numberField('Pick-up window', {
  min: 0.5,
  max: STANDING_WINDOW_MAX_HOURS,
});

/** POST /api/standing-donations. */
export const StandingDonationRequestSchema = z
  .strictObject({
    days: z
      .array(WeekdaySchema, { error: DAYS_REQUIRED })
      .min(1, DAYS_REQUIRED)
      .max(7, DAYS_ONCE)
      .refine((days) => new Set(days).size === days.length, DAYS_ONCE),
    /** When the food is ready each day (cooked food: when it is cooked). */
    readyAt: TimeOfDaySchema,
    /** How long after that it may be picked up. */
    windowHours: WindowHoursSchema,
    quantity: numberField('Quantity', { min: 1, max: MAX_PACKAGE_MEALS, isInteger: true }),
    travelCapacity: TravelCapacitySchema,
    location: LocationSchema,
    diet: DietSchema,
    foodKind: FoodKindSchema,
    allowSplit: z.boolean({ error: said('Choose true or false', 'field.trueOrFalse') }).optional(),
    /** The first day (default: today in India). */
    startsOn: LocalDateSchema.optional(),
    /** The last day (default: until it is ended). */
    endsOn: LocalDateSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (isCooked(body.foodKind) && body.windowHours > COOKED_EAT_WITHIN_HOURS) {
      ctx.addIssue({ code: 'custom', path: ['windowHours'], message: WINDOW_TOO_LONG_FOR_COOKED });
    }
    if (body.startsOn && body.endsOn && body.endsOn < body.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: ENDS_BEFORE_START });
    }
  });
export type StandingDonationRequest = z.input<typeof StandingDonationRequestSchema>;

/** PATCH /api/standing-donations/:id: pause or resume it, or change its usual quantity. */
export const StandingChangeRequestSchema = z
  .strictObject({
    paused: z.boolean({ error: said('Choose true or false', 'field.trueOrFalse') }).optional(),
    quantity: numberField('Quantity', {
      min: 1,
      max: MAX_PACKAGE_MEALS,
      isInteger: true,
    }).optional(),
  })
  .refine((body) => body.paused !== undefined || body.quantity !== undefined, {
    error: said('Nothing to change', 'field.nothingToChange'),
    path: ['paused'],
  });
export type StandingChangeRequest = z.input<typeof StandingChangeRequestSchema>;

/** PUT /api/standing-donations/:id/days/:date: skip one day, or give it another quantity. */
export const StandingDayRequestSchema = z.union(
  [
    z.strictObject({ skip: z.literal(true) }),
    z.strictObject({
      quantity: numberField('Quantity', { min: 1, max: MAX_PACKAGE_MEALS, isInteger: true }),
    }),
  ],
  { error: said('Send {"skip": true} or a quantity', 'field.skipOrQuantity') },
);
export type StandingDayRequest = z.input<typeof StandingDayRequestSchema>;

export const StandingPathSchema = z.object({ id: idOf() });
export const StandingDayPathSchema = z.object({ id: idOf(), date: LocalDateSchema });

export const STANDING_STATES = ['active', 'paused', 'ended'] as const;
/** A day to come: as usual, skipped, another quantity, listed (its package), or listed and withdrawn. */
export const STANDING_DAY_KINDS = [
  'scheduled',
  'skipped',
  'changed',
  'listed',
  'withdrawn',
] as const;

/** One upcoming day of a standing donation. */
export const StandingDaySchema = z.object({
  date: z.string(),
  /** When the food is ready that day (ISO time). */
  readyAt: z.string(),
  kind: z.enum(STANDING_DAY_KINDS),
  quantity: z.number(),
  /** The day's package, once listed. */
  packageId: z.string().nullable(),
  packageState: PackageStateSchema.nullable(),
});
export type StandingDay = z.infer<typeof StandingDaySchema>;

export const StandingDonationSchema = z.object({
  id: z.string(),
  state: z.enum(STANDING_STATES),
  days: z.array(WeekdaySchema),
  readyAt: z.string(),
  windowHours: z.number(),
  quantity: z.number(),
  travelCapacity: z.number(),
  address: z.string(),
  diet: DietSchema,
  foodKind: FoodKindSchema,
  allowSplit: z.boolean(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** The distributor who takes every day (their name), or null. */
  standingPickup: z.string().nullable(),
  upcoming: z.array(StandingDaySchema),
});
export type StandingDonation = z.infer<typeof StandingDonationSchema>;

export const StandingListSchema = z.object({ standingDonations: z.array(StandingDonationSchema) });
export type StandingList = z.infer<typeof StandingListSchema>;
