import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coarsenMeetPoint,
  coordinateLabel,
  distanceKm,
  interpolate,
  type LatLng,
  meetPoint,
} from './geometry';
import {
  type Candidate,
  chooseDistributor,
  compareCandidates,
  isFeasible,
  type PackageToMatch,
} from './ranking';

const delhi: LatLng = [28.6139, 77.209];
const mumbai: LatLng = [19.076, 72.8777];

describe('distanceKm', () => {
  it('matches hand-computed distances', () => {
    // Delhi to Mumbai is about 1,150 km as the crow flies.
    expect(distanceKm(delhi, mumbai)).toBeGreaterThan(1140);
    expect(distanceKm(delhi, mumbai)).toBeLessThan(1160);
    // One degree of latitude is about 111.2 km.
    expect(distanceKm([10, 77], [11, 77])).toBeCloseTo(111.2, 0);
    expect(distanceKm(delhi, delhi)).toBe(0);
  });
});

describe('meetPoint', () => {
  it('splits the way in proportion to the ranges', () => {
    const p: LatLng = [10, 77];
    const x: LatLng = [11, 77];
    const m = meetPoint(p, x, 40, 120);
    expect(distanceKm(p, m)).toBeCloseTo(111.2 * 0.25, 0);
    expect(distanceKm(m, x)).toBeCloseTo(111.2 * 0.75, 0);
  });

  it('is the package location when both ranges are 0', () => {
    expect(meetPoint(delhi, mumbai, 0, 0)).toEqual([...delhi]);
  });

  it('is the distributor location when only the donor travels', () => {
    const near: LatLng = [delhi[0] + 0.03, delhi[1]];
    const m = meetPoint(delhi, near, 5, 0);
    expect(distanceKm(m, near)).toBeLessThan(1e-6);
  });

  it('takes the donor no farther than they travel when the two cannot reach each other', () => {
    // Only a coordinator pairs such a distributor: they cover the rest.
    const m = meetPoint(delhi, mumbai, 5, 20);
    expect(distanceKm(delhi, m)).toBeCloseTo(5, 6);
    expect(distanceKm(delhi, meetPoint(delhi, mumbai, 0, 20))).toBeLessThan(1e-6);
  });
});

const indiaPoint = fc.tuple(
  fc.double({ min: 8, max: 35, noNaN: true }),
  fc.double({ min: 69, max: 96, noNaN: true }),
);
const range = fc.double({ min: 0, max: 500, noNaN: true });

describe('meetPoint properties', () => {
  it('is never farther from either side than that side can travel, when they can reach each other', () => {
    fc.assert(
      fc.property(
        indiaPoint,
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        range,
        range,
        (p, dLat, dLng, rD, rX) => {
          const x: LatLng = [p[0] + dLat, p[1] + dLng];
          const d = distanceKm(p, x);
          fc.pre(d <= rD + rX);
          const m = meetPoint(p, x, rD, rX);
          expect(distanceKm(p, m)).toBeLessThanOrEqual(rD + 1e-6);
          expect(distanceKm(x, m)).toBeLessThanOrEqual(rX + 1e-6);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stays within both ranges when coarsened to the grid, and is a grid point when it can be', () => {
    fc.assert(
      fc.property(
        indiaPoint,
        fc.double({ min: -0.3, max: 0.3, noNaN: true }),
        fc.double({ min: -0.3, max: 0.3, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        (p, dLat, dLng, rD, rX) => {
          const x: LatLng = [p[0] + dLat, p[1] + dLng];
          fc.pre(distanceKm(p, x) <= rD + rX);
          const exact = meetPoint(p, x, rD, rX);
          const m = coarsenMeetPoint(exact, p, x, rD, rX);
          expect(distanceKm(p, m)).toBeLessThanOrEqual(rD + 1e-6);
          expect(distanceKm(x, m)).toBeLessThanOrEqual(rX + 1e-6);
          // With a kilometre to spare on each side, some corner of the cell qualifies.
          if (rD - distanceKm(p, exact) > 1.6 && rX - distanceKm(x, exact) > 1.6) {
            expect(m.map((deg) => Number(deg.toFixed(2)))).toEqual(m);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lies on the way: the two legs add up to the distance', () => {
    fc.assert(
      fc.property(indiaPoint, indiaPoint, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, f) => {
        const m = interpolate(a, b, f);
        expect(distanceKm(a, m) + distanceKm(m, b)).toBeCloseTo(distanceKm(a, b), 6);
      }),
      { numRuns: 300 },
    );
  });
});

const candidate = (overrides: Partial<Candidate>): Candidate => ({
  id: 'x',
  location: [28.62, 77.21],
  distanceRangeKm: 15,
  maxCapacity: 50,
  openLoad: 0,
  isActive: true,
  lastAssignedAt: null,
  ...overrides,
});
const pkg: PackageToMatch = { location: delhi, quantity: 10, travelCapacityKm: 8 };

describe('chooseDistributor', () => {
  it('takes the nearest feasible distributor', () => {
    const near = candidate({ id: 'near', location: [28.62, 77.21] });
    const far = candidate({ id: 'far', location: [28.7, 77.21] });
    expect(chooseDistributor(pkg, [far, near])?.id).toBe('near');
  });

  it('skips the inactive, the full and the out of reach', () => {
    const inactive = candidate({ id: 'inactive', isActive: false });
    const full = candidate({ id: 'full', openLoad: 45 });
    const outOfReach = candidate({ id: 'away', location: mumbai, distanceRangeKm: 500 });
    expect(chooseDistributor(pkg, [inactive, full, outOfReach])).toBeNull();
    expect(isFeasible(pkg, candidate({ openLoad: 40 }))).toBe(true); // exactly full after: allowed
  });

  it('breaks a distance tie by the lower load after taking the package, then idle time, then id', () => {
    const busy = candidate({ id: 'a', openLoad: 30 });
    const light = candidate({ id: 'b', openLoad: 5 });
    expect(chooseDistributor(pkg, [busy, light])?.id).toBe('b');
    const recent = candidate({ id: 'c', lastAssignedAt: new Date('2026-01-02') });
    const idle = candidate({ id: 'd', lastAssignedAt: new Date('2026-01-01') });
    expect(chooseDistributor(pkg, [recent, idle])?.id).toBe('d');
    const never = candidate({ id: 'e', lastAssignedAt: null });
    expect(chooseDistributor(pkg, [idle, never])?.id).toBe('e');
    expect(chooseDistributor(pkg, [candidate({ id: 'g' }), candidate({ id: 'f' })])?.id).toBe('f');
  });
});

const arbitraryCandidate = fc.record({
  id: fc.uuid(),
  location: indiaPoint,
  distanceRangeKm: range,
  maxCapacity: fc.integer({ min: 1, max: 200 }),
  openLoad: fc.integer({ min: 0, max: 200 }),
  isActive: fc.boolean(),
  lastAssignedAt: fc.option(
    fc.date({ min: new Date('2025-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }),
  ),
});
const arbitraryPackage = fc.record({
  location: indiaPoint,
  quantity: fc.integer({ min: 1, max: 100 }),
  travelCapacityKm: range,
});

describe('chooseDistributor properties', () => {
  it('always chooses a feasible distributor, and none feasible ranks better', () => {
    fc.assert(
      fc.property(arbitraryPackage, fc.array(arbitraryCandidate, { maxLength: 30 }), (p, all) => {
        const chosen = chooseDistributor(p, all);
        const feasible = all.filter((c) => isFeasible(p, c));
        if (!chosen) {
          expect(feasible).toEqual([]);
          return;
        }
        expect(isFeasible(p, chosen)).toBe(true);
        for (const other of feasible)
          expect(compareCandidates(p, other, chosen)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('coordinateLabel', () => {
  it.each([
    [26.91, '26.91'],
    [26.9, '26.90'],
    [16.255, '16.255'],
    [76.925, '76.925'],
    [-0.005, '-0.005'],
  ])('labels %d as %s', (deg, label) => {
    expect(coordinateLabel(deg)).toBe(label);
  });
});
