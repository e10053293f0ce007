import { z } from 'zod';
import { readDecimal, textField } from './text';

/** India's bounding box, a little generous. A location outside it is refused. */
export const INDIA_BOUNDS = { minLat: 6, maxLat: 37.6, minLng: 68, maxLng: 97.5 } as const;

export const LatitudeSchema = z
  .number({ error: 'Latitude must be a number' })
  .min(INDIA_BOUNDS.minLat, 'Pick a place in India')
  .max(INDIA_BOUNDS.maxLat, 'Pick a place in India');
export const LongitudeSchema = z
  .number({ error: 'Longitude must be a number' })
  .min(INDIA_BOUNDS.minLng, 'Pick a place in India')
  .max(INDIA_BOUNDS.maxLng, 'Pick a place in India');

/** SPEC: location {address, coordinates as [latitude, longitude]}. */
export const LocationSchema = z.object(
  {
    address: textField({
      max: 300,
      min: 1,
      messages: { required: 'Pick a place from the list' },
    }),
    coordinates: z.tuple([LatitudeSchema, LongitudeSchema], {
      error: 'Pick a place from the list',
    }),
  },
  { error: 'Pick a place from the list' },
);
export type Location = z.infer<typeof LocationSchema>;

export const PlaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['locality', 'district']),
  district: z.string().nullable(),
  state: z.string().nullable(),
  pin: z.string().nullable(),
  /** "Name, District, State PIN": what becomes the location's address. */
  address: z.string(),
  coordinates: z.tuple([z.number(), z.number()]),
});
export type Place = z.infer<typeof PlaceSchema>;

export const PLACE_QUERY_MAX = 100;
export const PlaceSearchQuerySchema = z.object({
  q: textField({ max: PLACE_QUERY_MAX, messages: { required: 'Type a place name' } }).refine(
    (q) => q.length >= 2,
    'Type at least 2 letters',
  ),
  limit: z.preprocess(readDecimal, z.number().int().min(1).max(20)).default(8),
});

export const ReversePlaceQuerySchema = z.object({
  lat: z.preprocess(readDecimal, LatitudeSchema),
  lng: z.preprocess(readDecimal, LongitudeSchema),
});

export const PlaceListSchema = z.object({ places: z.array(PlaceSchema) });
export type PlaceList = z.infer<typeof PlaceListSchema>;
export const ReversePlaceSchema = z.object({ place: PlaceSchema });
