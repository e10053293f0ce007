import { ReversePlaceSchema } from '@almquest/contracts/places';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A meet point given as a point (no locality lay within both ranges): "26.911, 75.597". */
const COORDINATES = /^(-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)$/;

/**
 * GET /api/places/reverse for a meet point given only as coordinates: the nearest locality's
 * address, so a person reads "near Sanganer, Jaipur" rather than two numbers. Nothing to ask for
 * a meet point that is a locality already.
 */
export function useMeetPlaceName(address: string): string | null {
  const match = COORDINATES.exec(address);
  const lat = match ? Number(match[1]) : null;
  const lng = match ? Number(match[2]) : null;
  const place = useQuery({
    queryKey: ['places', 'reverse', lat, lng] as const,
    queryFn: () =>
      api.get('/places/reverse', ReversePlaceSchema, { params: { lat: lat ?? 0, lng: lng ?? 0 } }),
    enabled: lat !== null && lng !== null,
    staleTime: Infinity,
  });
  return place.data?.place.address ?? null;
}
