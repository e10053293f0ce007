import { z } from 'zod';
import { said } from './field-words';
import { textField } from './text';

const PICK_PLACE = said('Pick a place from the list', 'field.pickPlace');
const PICK_INDIA = said('Pick a place in India', 'field.pickIndia');

/** Where things are: the location people give and the one the API presents. */

/** India's bounding box, a little generous. A location outside it is refused. */
export const INDIA_BOUNDS = { minLat: 6, maxLat: 37.6, minLng: 68, maxLng: 97.5 } as const;

export const LatitudeSchema = z
  .number({ error: said('Latitude must be a number', 'field.notNumber', { label: 'Latitude' }) })
  .min(INDIA_BOUNDS.minLat, PICK_INDIA)
  .max(INDIA_BOUNDS.maxLat, PICK_INDIA);
export const LongitudeSchema = z
  .number({ error: said('Longitude must be a number', 'field.notNumber', { label: 'Longitude' }) })
  .min(INDIA_BOUNDS.minLng, PICK_INDIA)
  .max(INDIA_BOUNDS.maxLng, PICK_INDIA);

/** SPEC: location {address, coordinates as [latitude, longitude]}. */
export const LocationSchema = z.object(
  {
    address: textField({
      max: 300,
      min: 1,
      messages: { required: PICK_PLACE },
    }),
    coordinates: z.tuple([LatitudeSchema, LongitudeSchema], {
      error: PICK_PLACE,
    }),
  },
  { error: PICK_PLACE },
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

/**
 * The map tiles' credit when TILE_ATTRIBUTION is not set (OpenStreetMap's own tiles). The app says
 * it in the reader's language; a credit set by the operator is shown as they wrote it.
 */
export const OSM_ATTRIBUTION = '&copy; OpenStreetMap contributors';
