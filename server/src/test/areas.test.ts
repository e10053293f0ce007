import { describe, expect, it } from 'vitest';
import { distanceKm } from '../matching/geometry';
import { INDIA_BOUNDS } from '@almquest/contracts/location';
import { allAreaPoints, testArea } from './areas';

describe('test areas', () => {
  it('keep every two areas at least 60 km apart, all inside India', () => {
    const points = allAreaPoints();
    const tooClose: string[] = [];
    for (const [i, a] of points.entries()) {
      expect(a.point[0]).toBeGreaterThanOrEqual(INDIA_BOUNDS.minLat);
      expect(a.point[0]).toBeLessThanOrEqual(INDIA_BOUNDS.maxLat);
      expect(a.point[1]).toBeGreaterThanOrEqual(INDIA_BOUNDS.minLng);
      expect(a.point[1]).toBeLessThanOrEqual(INDIA_BOUNDS.maxLng);
      for (const b of points.slice(i + 1)) {
        if (a.name !== b.name && distanceKm(a.point, b.point) < 60) {
          tooClose.push(`${a.name} ${a.point.join(',')} ~ ${b.name} ${b.point.join(',')}`);
        }
      }
    }
    expect(tooClose).toEqual([]);
  });

  it('refuses a patch beyond those declared', () => {
    expect(() => testArea('impact', 1)).toThrow(/has 1 patches/);
  });
});
