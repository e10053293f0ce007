/** Great-circle geometry on a sphere of the Earth's mean radius. Points are [lat, lng] degrees. */

export type LatLng = readonly [lat: number, lng: number];

/** Mean Earth radius in km; earthdistance's ll_to_earth uses 6378168 m, close enough for ranking. */
export const EARTH_RADIUS_KM = 6371.0088;

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** Central angle between two points (haversine, stable for short distances). */
function centralAngle([lat1, lng1]: LatLng, [lat2, lng2]: LatLng): number {
  const dLat = toRad(lat2 - lat1);
  const dLng = toRad(lng2 - lng1);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  return centralAngle(a, b) * EARTH_RADIUS_KM;
}

/**
 * The point a fraction f (0..1) of the way from a to b along the great circle
 * (spherical linear interpolation of the unit vectors).
 */
export function interpolate(a: LatLng, b: LatLng, f: number): [number, number] {
  const delta = centralAngle(a, b);
  if (delta < 1e-12) return [a[0], a[1]];
  const [phi1, lambda1, phi2, lambda2] = [toRad(a[0]), toRad(a[1]), toRad(b[0]), toRad(b[1])];
  const wa = Math.sin((1 - f) * delta) / Math.sin(delta);
  const wb = Math.sin(f * delta) / Math.sin(delta);
  const x = wa * Math.cos(phi1) * Math.cos(lambda1) + wb * Math.cos(phi2) * Math.cos(lambda2);
  const y = wa * Math.cos(phi1) * Math.sin(lambda1) + wb * Math.cos(phi2) * Math.sin(lambda2);
  const z = wa * Math.sin(phi1) + wb * Math.sin(phi2);
  return [toDeg(Math.atan2(z, Math.hypot(x, y))), toDeg(Math.atan2(y, x))];
}

/**
 * DESIGN "Matching": the meet point lies on the great circle from the package P to the
 * distributor X, at d * rD / (rD + rX) from P, so each side travels in proportion to its range
 * and stays within it. With rD + rX = 0 it is P. Matching pairs only sides that reach each other
 * (d <= rD + rX); a coordinator may choose a distributor farther away, and then the
 * donor still travels no more than rD: the distributor covers the rest.
 */
export function meetPoint(
  p: LatLng,
  x: LatLng,
  donorRangeKm: number,
  distributorRangeKm: number,
): [number, number] {
  const total = donorRangeKm + distributorRangeKm;
  if (total <= 0) return [p[0], p[1]];
  const d = distanceKm(p, x);
  const f = d > total ? donorRangeKm / d : donorRangeKm / total;
  return interpolate(p, x, f);
}

/** Grid step of a meet point that found no locality: 0.01 degree, about a kilometre. */
const MEET_GRID_DEG = 0.01;

/**
 * A meet point on the map's grid, when no locality lies within both ranges: the corner of the
 * 0.01-degree grid cell around `meet` nearest to it that is still within both ranges (the raw point
 * only if no corner is). `x` is the centre of the distributor's area, never their home (decision
 * 003), so even the raw point gives away no more than that area; the grid keeps meet points few
 * and stops two donations with different travel capacities from solving for the area's centre.
 */
export function coarsenMeetPoint(
  meet: LatLng,
  p: LatLng,
  x: LatLng,
  donorRangeKm: number,
  distributorRangeKm: number,
): [number, number] {
  const round = (deg: number) => Number(deg.toFixed(2));
  const lat0 = Math.floor(meet[0] / MEET_GRID_DEG) * MEET_GRID_DEG;
  const lng0 = Math.floor(meet[1] / MEET_GRID_DEG) * MEET_GRID_DEG;
  const corners = [0, 1].flatMap((i) =>
    [0, 1].map((j): LatLng => [round(lat0 + i * MEET_GRID_DEG), round(lng0 + j * MEET_GRID_DEG)]),
  );
  const inRange = corners
    .filter((c) => distanceKm(c, p) <= donorRangeKm && distanceKm(c, x) <= distributorRangeKm)
    .sort((a, b) => distanceKm(a, meet) - distanceKm(b, meet));
  const [best] = inRange;
  return best ? [best[0], best[1]] : [meet[0], meet[1]];
}

/**
 * The centre of the 0.01-degree cell around a point (about 1.1 km): where matching measures a
 * distributor's reach from, never their home (decision 003). The database computes the same as
 * users.area_lat / area_lng; a test holds the two equal.
 */
export function areaCentre([lat, lng]: LatLng): [number, number] {
  return [Math.min((Math.floor(lat * 100) + 0.5) / 100, 90), (Math.floor(lng * 100) + 0.5) / 100];
}

/**
 * A coordinate of a meet point as its label says it: two decimals for a grid point, three for a
 * point between grid lines (a cell's centre, 16.255, would otherwise read 16.25, 0.7 km away).
 */
export function coordinateLabel(deg: number): string {
  return Math.abs(deg * 100 - Math.round(deg * 100)) < 1e-6 ? deg.toFixed(2) : deg.toFixed(3);
}
