import { z } from 'zod';
import { said } from './field-words';
import { idOf } from './ids';
import { LocationSchema } from './location';
import { numberField } from './number-field';
import { ConsentSchema } from './privacy';
import { UserTypeSchema } from './session';
import { asciiDigits, textField } from './text';

export const DONOR_TYPES = ['Individual', 'Organisation', 'Food Chain'] as const;
export const DonorTypeSchema = z.enum(DONOR_TYPES, {
  error: said('Choose Individual, Organisation or Food Chain', 'field.donorType'),
});
export type DonorType = z.infer<typeof DonorTypeSchema>;

export const DISTANCE_RANGE_MAX_KM = 500;
export const MAX_CAPACITY_MEALS = 100_000;

/**
 * An Indian mobile number: 10 digits starting 6-9, with optional +91 / 0 and separators.
 * Stored as the 10 digits; shown with +91.
 */
const PHONE_REQUIRED = said('Enter your phone number', 'field.phoneRequired');
const PHONE_INVALID = said('Enter a 10-digit Indian mobile number', 'field.phoneInvalid');
export const PhoneSchema = z
  .string({ error: PHONE_REQUIRED })
  .trim()
  .min(1, PHONE_REQUIRED)
  .max(20, PHONE_INVALID)
  .transform((raw) => {
    const digits = asciiDigits(raw).replace(/[\s\-().]/g, '');
    return digits.replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, '');
  })
  .refine((digits) => /^[6-9]\d{9}$/.test(digits), PHONE_INVALID);

/**
 * What the other side's history says in place of a person who deleted their account. Clients
 * show these in their reader's language.
 */
export const FORMER_DONOR = 'A former donor';
export const FORMER_DISTRIBUTOR = 'A former distributor';

export const PERSON_NAME_MAX = 100;
export const PersonNameSchema = textField({
  max: PERSON_NAME_MAX,
  min: 1,
  messages: { required: said('Enter your name', 'field.nameRequired') },
});

/** The e-mail is always the signed-in user's; a different one is refused. */
const EmailEchoSchema = textField({ max: 254 }).optional();

export const DonorRegistrationSchema = z.object({
  name: PersonNameSchema,
  email: EmailEchoSchema,
  phone: PhoneSchema,
  location: LocationSchema,
  donorType: DonorTypeSchema.default('Individual'),
  distanceRange: numberField('Distance range', { min: 0, max: DISTANCE_RANGE_MAX_KM }),
  consent: ConsentSchema,
});
export type DonorRegistration = z.input<typeof DonorRegistrationSchema>;

export const DistributorRegistrationSchema = z.object({
  name: PersonNameSchema,
  email: EmailEchoSchema,
  phone: PhoneSchema,
  location: LocationSchema,
  distanceRange: numberField('Distance range', { min: 0, max: DISTANCE_RANGE_MAX_KM }),
  maxCapacity: numberField('Maximum capacity', {
    min: 1,
    max: MAX_CAPACITY_MEALS,
    isInteger: true,
  }),
  consent: ConsentSchema,
});
export type DistributorRegistration = z.input<typeof DistributorRegistrationSchema>;

const FSSAI_FORM = said(
  'Enter the 14-digit FSSAI licence or registration number',
  'field.fssaiNumber',
);
/**
 * An FSSAI licence or registration number: 14 digits, in any script's digits, spaces and dashes
 * let go. Only its form is checked (no check digit is published); a coordinator checks it on
 * FoSCoS. null clears it.
 */
export const FssaiNumberSchema = z.preprocess(
  (value) => (typeof value === 'string' ? asciiDigits(value).replace(/[\s-]/g, '') : value),
  z.string({ error: FSSAI_FORM }).regex(/^\d{14}$/, FSSAI_FORM),
);
const REGISTRATION_FORM = said(
  'Enter your NGO Darpan id (like RJ/2024/1234567) or FSSAI registration number',
  'field.registrationNumber',
);
/** An NGO's registration: an NGO Darpan id or an FSSAI number; letters, digits and / - only. */
export const RegistrationNumberSchema = z.preprocess(
  // Upper-cased only when plain ASCII ("ß" would become "SS"): anything else is refused as it is.
  (value) =>
    typeof value === 'string' && /^[\x20-\x7E]*$/.test(asciiDigits(value))
      ? asciiDigits(value).trim().toUpperCase()
      : value,
  z
    .string({ error: REGISTRATION_FORM })
    .regex(/^[A-Z0-9][A-Z0-9/-]{2,28}[A-Z0-9]$/, REGISTRATION_FORM),
);

/** PATCH bodies: only what a person may change; e-mail, counters and ids are refused. */
const hasSomethingToChange = (patch: object) => Object.values(patch).some((v) => v !== undefined);
const NOTHING_TO_CHANGE = said('Send at least one field to change', 'field.nothingToChange');

export const DonorUpdateSchema = z
  .strictObject({
    name: PersonNameSchema.optional(),
    phone: PhoneSchema.optional(),
    location: LocationSchema.optional(),
    donorType: DonorTypeSchema.optional(),
    distanceRange: numberField('Distance range', { min: 0, max: DISTANCE_RANGE_MAX_KM }).optional(),
    /** A business's FSSAI licence or registration (null: none). */
    fssaiNumber: FssaiNumberSchema.nullable().optional(),
  })
  .refine(hasSomethingToChange, NOTHING_TO_CHANGE);
export type DonorUpdate = z.input<typeof DonorUpdateSchema>;

export const DistributorUpdateSchema = z
  .strictObject({
    name: PersonNameSchema.optional(),
    phone: PhoneSchema.optional(),
    location: LocationSchema.optional(),
    distanceRange: numberField('Distance range', { min: 0, max: DISTANCE_RANGE_MAX_KM }).optional(),
    maxCapacity: numberField('Maximum capacity', {
      min: 1,
      max: MAX_CAPACITY_MEALS,
      isInteger: true,
    }).optional(),
    /** Pair offered packages at once (the default), or answer each offer. */
    autoAccept: z.boolean({ error: said('Choose true or false', 'field.trueOrFalse') }).optional(),
    /** Take vegetarian food only. */
    vegOnly: z.boolean({ error: said('Choose true or false', 'field.trueOrFalse') }).optional(),
    /** An NGO's registration (null: none). */
    registrationNumber: RegistrationNumberSchema.nullable().optional(),
  })
  .refine(hasSomethingToChange, NOTHING_TO_CHANGE);
export type DistributorUpdate = z.input<typeof DistributorUpdateSchema>;

const ProfileBase = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  phone: z.string(),
  location: z.object({ address: z.string(), coordinates: z.tuple([z.number(), z.number()]) }),
});

export const DonorProfileSchema = ProfileBase.extend({
  userType: z.literal('donor'),
  donorType: DonorTypeSchema,
  distanceRange: z.number(),
  lifetimeDonation: z.number(),
  fssaiNumber: z.string().nullable(),
  /** A coordinator checked the number. */
  fssaiVerified: z.boolean(),
});
export type DonorProfile = z.infer<typeof DonorProfileSchema>;

export const DistributorProfileSchema = ProfileBase.extend({
  userType: z.literal('distributor'),
  distanceRange: z.number(),
  maxCapacity: z.number(),
  isActive: z.boolean(),
  totalPackagesDistributed: z.number(),
  autoAccept: z.boolean(),
  /**
   * autoAccept is on, but each package is offered first for now: a package they held expired,
   * and they are asked until they collect one (decision 034).
   */
  autoAcceptPaused: z.boolean(),
  vegOnly: z.boolean(),
  registrationNumber: z.string().nullable(),
  /** A coordinator checked the number. */
  registrationVerified: z.boolean(),
});
export type DistributorProfile = z.infer<typeof DistributorProfileSchema>;

export const ProfileSchema = z.discriminatedUnion('userType', [
  DonorProfileSchema,
  DistributorProfileSchema,
]);
export type Profile = z.infer<typeof ProfileSchema>;

/** SPEC: the profile arrives in data.data (axios data, then our `data`). */
export const ProfileResponseSchema = z.object({ data: ProfileSchema });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export const CheckExistRequestSchema = z.object({
  email: textField({
    max: 254,
    min: 1,
    messages: { required: said('Enter an email address', 'field.emailRequired') },
  }),
});
export const CheckExistResponseSchema = z.object({
  isRegistered: z.boolean(),
  id: z.string().optional(),
  userType: UserTypeSchema.optional(),
  name: z.string().optional(),
  picture: z.string().nullable().optional(),
  /** How a welcome calls them: a person donating by their first name, anyone else whole. */
  greetingName: z.string().optional(),
});
export type CheckExistResponse = z.infer<typeof CheckExistResponseSchema>;

export const ToggleActivityResponseSchema = z.object({ isActive: z.boolean() });
export type ToggleActivityResponse = z.infer<typeof ToggleActivityResponseSchema>;

export const UserPathSchema = z.object({
  userType: UserTypeSchema,
  id: idOf(),
});
export const IdPathSchema = z.object({ id: idOf() });
