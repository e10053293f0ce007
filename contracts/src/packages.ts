import { z } from 'zod';
import { LocationSchema, PresentedLocationSchema } from './location';
import { numberField } from './number-field';
import { asciiDigits, readDecimal, textField } from './text';
import { DISTANCE_RANGE_MAX_KM } from './users';

export const PACKAGE_STATES = ['Not Paired', 'Paired', 'Received', 'Distributed'] as const;
export const PackageStateSchema = z.enum(PACKAGE_STATES);
export type PackageState = z.infer<typeof PackageStateSchema>;

export const MAX_PACKAGE_MEALS = 100_000;
export const IDEMPOTENCY_KEY_MAX = 100;

/** The longest travel-capacity text worth reading ("123.5 kilometres" and some spaces). */
const TRAVEL_CAPACITY_TEXT_MAX = 40;

const travelCapacityMessage = 'Enter a distance in km, like 10 or "10 Kilometres"';

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
    .refine((n) => n >= 0, 'Travel capacity must be at least 0 km')
    .refine(
      (n) => n <= DISTANCE_RANGE_MAX_KM,
      `Travel capacity must be at most ${DISTANCE_RANGE_MAX_KM} km`,
    ),
);

/** A client's name for one attempt to donate: printable, 1-100 characters. */
export const IdempotencyKeySchema = textField({ max: IDEMPOTENCY_KEY_MAX, min: 1 });

/** POST /api/donor/donate (SPEC section 7). Name and phone come from the profile, not the body. */
export const DonateRequestSchema = z.object({
  donor_id: z.uuid({ error: 'Not a valid donor id' }),
  quantity: numberField('Quantity', { min: 1, max: MAX_PACKAGE_MEALS, isInteger: true }),
  travelCapacity: TravelCapacitySchema,
  location: LocationSchema,
  /** When the donor pressed the button (epoch ms); the server keeps its own time. */
  timestamp: z.number().optional(),
  donor_name: textField({ max: 200 }).optional(),
  donor_phone: textField({ max: 40 }).optional(),
  /** Repeats of the same key create one package (also accepted as the Idempotency-Key header). */
  idempotencyKey: IdempotencyKeySchema.optional(),
});
export type DonateRequest = z.input<typeof DonateRequestSchema>;

/** SPEC package entity, as the API presents it. */
export const PackageSchema = z.object({
  _id: z.string(),
  donor_id: z.string().nullable(),
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
});
export type Package = z.infer<typeof PackageSchema>;

export const PackageResponseSchema = z.object({ package: PackageSchema });
export type PackageResponse = z.infer<typeof PackageResponseSchema>;

export const TogglePackageRequestSchema = z.object({
  donor_id: z.uuid({ error: 'Not a valid donor id' }),
  distributor_id: z.uuid({ error: 'Not a valid distributor id' }),
  packageId: z.uuid({ error: 'Not a valid package id' }),
  state: z.enum(['Received', 'Distributed'], { error: 'State must be Received or Distributed' }),
});
export type TogglePackageRequest = z.infer<typeof TogglePackageRequestSchema>;

export const PackageIdPathSchema = z.object({ id: z.uuid({ error: 'Not a valid package id' }) });
export const DeletePackagePathSchema = z.object({
  donor_id: z.uuid({ error: 'Not a valid donor id' }),
  packageId: z.uuid({ error: 'Not a valid package id' }),
});

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
