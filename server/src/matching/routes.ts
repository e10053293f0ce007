import type { MeetRoute } from '@almquest/contracts/packages';
import { distanceKm, type LatLng } from './geometry';

const OSRM_TIMEOUT_MS = 4000;

type OsrmAnswer = {
  code?: string;
  routes?: { distance?: number; geometry?: { coordinates?: [number, number][] } }[];
};

/** The straight line between two points, with its great-circle length. */
export function straightRoute(from: LatLng, to: LatLng): MeetRoute {
  return {
    kind: 'straight',
    from: [from[0], from[1]],
    to: [to[0], to[1]],
    points: [
      [from[0], from[1]],
      [to[0], to[1]],
    ],
    distanceKm: distanceKm(from, to),
  };
}

/**
 * A road route from OSRM when one is configured, else the straight line. An OSRM that is slow,
 * down or answers nonsense also falls back to the straight line: the map always shows something.
 */
export async function meetRoute(
  osrmUrl: string | null,
  from: LatLng,
  to: LatLng,
): Promise<MeetRoute> {
  if (!osrmUrl) return straightRoute(from, to);
  const url = `${osrmUrl}/route/v1/driving/${from[1]},${from[0]};${to[1]},${to[0]}?overview=full&geometries=geojson`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(OSRM_TIMEOUT_MS) });
    if (!res.ok) return straightRoute(from, to);
    const body = (await res.json()) as OsrmAnswer;
    const route = body.code === 'Ok' ? body.routes?.[0] : undefined;
    const coordinates = route?.geometry?.coordinates;
    if (!route || typeof route.distance !== 'number' || !coordinates?.length)
      return straightRoute(from, to);
    return {
      kind: 'road',
      from: [from[0], from[1]],
      to: [to[0], to[1]],
      points: coordinates.map(([lng, lat]) => [lat, lng] as [number, number]),
      distanceKm: route.distance / 1000,
    };
  } catch {
    return straightRoute(from, to);
  }
}
