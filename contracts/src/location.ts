import { z } from 'zod';
import { textField } from './text';

/** Where things are: the location people give and the one the API presents. */

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

/**
 * A location as the API presents it (a package's pickup point, a meet point): the same shape as
 * LocationSchema, without the input rules (a former donor's point is rounded; nothing is typed).
 */
export const PresentedLocationSchema = z.object({
  address: z.string(),
  coordinates: z.tuple([z.number(), z.number()]),
});
