import { z } from 'zod';
import { said } from './field-words';
import { LatitudeSchema, LongitudeSchema } from './location';
import { readDecimal, textField } from './text';

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
  /** The place's name in Hindi and Bengali script, where AlmQuest knows it (the large cities). */
  nativeNames: z.object({ hi: z.string(), bn: z.string() }).optional(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const PLACE_QUERY_MAX = 100;
export const PlaceSearchQuerySchema = z.object({
  q: textField({
    max: PLACE_QUERY_MAX,
    messages: { required: said('Type a place name', 'field.typePlace') },
  }).refine((q) => q.length >= 2, said('Type at least 2 letters', 'field.typeTwoLetters')),
  limit: z.preprocess(readDecimal, z.number().int().min(1).max(20)).default(8),
});

export const ReversePlaceQuerySchema = z.object({
  lat: z.preprocess(readDecimal, LatitudeSchema),
  lng: z.preprocess(readDecimal, LongitudeSchema),
});

export const PlaceListSchema = z.object({ places: z.array(PlaceSchema) });
export type PlaceList = z.infer<typeof PlaceListSchema>;
export const ReversePlaceSchema = z.object({ place: PlaceSchema });
