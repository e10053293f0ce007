import { distanceKm } from '../../matching/geometry';
import type { PostalRecord } from './gazetteer';

/**
 * The postal list (GeoNames) has errors a person notices at once: Panvel's post offices 170 km
 * inland, Leh under Jammu & Kashmir and 185 km west of Leh, Salt Lake on a point in the
 * Sundarbans. Checked against the list itself (each district's other post offices, each PIN's
 * other post offices) and against the official names of states and union territories, these
 * rules put such rows where they belong before the list is loaded. Decision 024 has the numbers.
 */

/** A locality this far from its district's centre is misplaced (Kachchh spans 131 km). */
export const OUTLIER_KM = 150;
/** Districts that are this spread out for real (islands, Ladakh) keep their rows where they are. */
const SPREAD_DISTRICTS = new Set([
  'Lakshadweep',
  'Leh',
  'Kargil',
  'Nicobar',
  'North And Middle Andaman',
]);
/** A district centre is trusted only from this many localities. */
const MIN_DISTRICT_ROWS = 10;
/** A point shared by this many localities of a district is the district's stand-in, not theirs. */
const PLACEHOLDER_ROWS = 10;

/** States under names that are no longer theirs. */
const STATE_NAMES = new Map([
  ['Chattisgarh', 'Chhattisgarh'],
  ['Pondicherry', 'Puducherry'],
]);
/** Districts whose state changed: Ladakh became a union territory in 2019. */
const DISTRICT_STATES = new Map([
  ['Leh', 'Ladakh'],
  ['Kargil', 'Ladakh'],
]);

/**
 * PIN areas whose every post office sits on a stand-in point, with where the area is (its main
 * town or neighbourhood).
 */
const PIN_POINTS = new Map<string, [number, number]>([
  // Salt Lake (Bidhannagar), Kolkata.
  ['700064', [22.58, 88.4166]],
  ['700091', [22.5765, 88.4331]],
  ['700097', [22.5914, 88.4034]],
  ['700106', [22.5867, 88.4076]],
  // New Town, Kolkata.
  ['700156', [22.5868, 88.4755]],
  ['700160', [22.5755, 88.4796]],
  ['700161', [22.5816, 88.4611]],
  // Panvel, Raigad.
  ['410206', [18.9894, 73.1175]],
]);

/**
 * Stand-in points of whole districts, and the district's main town: the list put all of Leh at
 * two points near Kargil and Srinagar, 185 km west of Leh, and half of Kargil on the first.
 */
const DISTRICT_STAND_INS: { district: string; from: [number, number][]; to: [number, number] }[] = [
  {
    district: 'Leh',
    from: [
      [34.3669, 75.5907],
      [33.8599, 75.5778],
    ],
    to: [34.1526, 77.5771],
  },
  { district: 'Kargil', from: [[34.3669, 75.5907]], to: [34.5539, 76.1349] },
];

function standInFor(r: PostalRecord): [number, number] | undefined {
  const standIn = DISTRICT_STAND_INS.find(
    (s) =>
      s.district === r.districtName &&
      s.from.some(([lat, lng]) => lat === r.latitude && lng === r.longitude),
  );
  return standIn?.to;
}

/** Names people use that the postal list lacks, added as localities. */
const EXTRA_LOCALITIES: PostalRecord[] = [
  {
    postalCode: '700064',
    placeName: 'Salt Lake',
    districtName: 'North 24 Parganas',
    stateName: 'West Bengal',
    latitude: 22.58,
    longitude: 88.4166,
  },
  // Salt Lake's official name (the postal list has a Bidhannagar in Purba Bardhaman only).
  {
    postalCode: '700064',
    placeName: 'Bidhannagar',
    districtName: 'North 24 Parganas',
    stateName: 'West Bengal',
    latitude: 22.58,
    longitude: 88.4166,
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medianPoint(points: [number, number][]): [number, number] {
  return [median(points.map((p) => p[0])), median(points.map((p) => p[1]))];
}

/**
 * The centre of a set of points that a few far-off ones do not drag: the median, taken again
 * over the points within OUTLIER_KM of it until it settles.
 */
export function trimmedCentre(points: [number, number][]): [number, number] {
  let centre = medianPoint(points);
  for (let round = 0; round < 3; round++) {
    const near = points.filter((p) => distanceKm(p, centre) <= OUTLIER_KM);
    if (near.length === 0) break;
    centre = medianPoint(near);
  }
  return centre;
}

const districtKey = (r: PostalRecord) => districtKeyOf(r.districtName, r.stateName);
const pointKey = (r: PostalRecord) => `${r.latitude},${r.longitude}`;

/**
 * The postal records with their states renamed and misplaced localities moved: a PIN known to be
 * on a stand-in point goes to its place; a locality on its district's stand-in point, or more than
 * OUTLIER_KM from its district's centre, takes the centre of the same PIN's other localities there
 * when there are any, else its district's centre. Rows are never dropped.
 */
export function correctPostalRecords(records: PostalRecord[]): {
  records: PostalRecord[];
  centres: Map<string, [number, number]>;
} {
  const renamed = [...records, ...EXTRA_LOCALITIES].map((r) => {
    const stateName = DISTRICT_STATES.get(r.districtName) ?? STATE_NAMES.get(r.stateName);
    const point = PIN_POINTS.get(r.postalCode) ?? standInFor(r);
    return {
      ...r,
      ...(stateName ? { stateName } : {}),
      ...(point ? { latitude: point[0], longitude: point[1] } : {}),
    };
  });

  const byDistrict = new Map<string, PostalRecord[]>();
  for (const r of renamed) {
    if (!r.districtName) continue;
    const list = byDistrict.get(districtKey(r)) ?? [];
    list.push(r);
    byDistrict.set(districtKey(r), list);
  }

  const moved = new Map<PostalRecord, [number, number]>();
  for (const rows of byDistrict.values()) {
    if (rows.length < MIN_DISTRICT_ROWS || SPREAD_DISTRICTS.has(rows[0]!.districtName)) continue;
    const points = rows.map((r) => [r.latitude, r.longitude] as [number, number]);
    const centre = trimmedCentre(points);
    const shared = new Map<string, number>();
    for (const r of rows) shared.set(pointKey(r), (shared.get(pointKey(r)) ?? 0) + 1);
    const isPlaceholder = (r: PostalRecord) =>
      !PIN_POINTS.has(r.postalCode) && (shared.get(pointKey(r)) ?? 0) >= PLACEHOLDER_ROWS;
    const isFar = (r: PostalRecord) => distanceKm([r.latitude, r.longitude], centre) > OUTLIER_KM;
    const trusted = (r: PostalRecord) => !isPlaceholder(r) && !isFar(r);
    for (const r of rows) {
      if (!isPlaceholder(r) && !isFar(r)) continue;
      const samePin = rows.filter((o) => o.postalCode === r.postalCode && trusted(o));
      if (samePin.length > 0) {
        moved.set(r, medianPoint(samePin.map((o) => [o.latitude, o.longitude])));
      } else if (isFar(r)) {
        moved.set(r, centre);
      }
    }
  }
  const corrected = renamed.map((r) => {
    const point = moved.get(r);
    return point ? { ...r, latitude: point[0], longitude: point[1] } : r;
  });
  return withinDistricts(corrected);
}

/**
 * The records' districts' centres, taken again once misplaced rows were moved; a row still too far
 * from its district's (a PIN's other localities are near the edge) takes the centre itself.
 */
function withinDistricts(records: PostalRecord[]): {
  records: PostalRecord[];
  centres: Map<string, [number, number]>;
} {
  const points = new Map<string, [number, number][]>();
  for (const r of records) {
    if (!r.districtName) continue;
    const list = points.get(districtKey(r)) ?? [];
    list.push([r.latitude, r.longitude]);
    points.set(districtKey(r), list);
  }
  const centres = new Map([...points].map(([key, list]) => [key, trimmedCentre(list)]));
  return {
    centres,
    records: records.map((r) => {
      const centre = centres.get(districtKey(r));
      const list = points.get(districtKey(r));
      if (!centre || !list || list.length < MIN_DISTRICT_ROWS) return r;
      if (SPREAD_DISTRICTS.has(r.districtName)) return r;
      if (distanceKm([r.latitude, r.longitude], centre) <= OUTLIER_KM) return r;
      return { ...r, latitude: centre[0], longitude: centre[1] };
    }),
  };
}

/** The key of a record's district in correctPostalRecords' centres. */
export function districtKeyOf(districtName: string, stateName: string): string {
  return `${districtName}|${stateName}`;
}
