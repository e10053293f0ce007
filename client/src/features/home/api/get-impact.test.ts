import { ImpactSchema } from '@almquest/contracts/impact';
import { describe, expect, it } from 'vitest';
import { accepts } from '../../../test/accepts';
import { impactAnswer } from './get-impact';

/** A whole answer; the cases below vary the totals the landing page reads. */
const impact = {
  mealsDonated: 120,
  mealsDistributed: 80,
  mealsFromLicensedSources: 0,
  mealsDisposed: 0,
  packagesDistributed: 7,
  peopleServed: 150,
  activeDistributors: 3,
  citiesReached: 2,
  packagesByState: [{ state: 'Distributed', packages: 7, meals: 80 }],
  weeks: [{ week: '2026-11-16', mealsDonated: 120, mealsDistributed: 80 }],
  topCities: [{ city: 'Lucknow', mealsDistributed: 80, packagesDistributed: 7 }],
  co2e: {
    kgAvoided: 80,
    kgCo2ePerKgFood: 2.5,
    kgFoodPerMeal: 0.4,
    source: 'FAO (2013)',
    sourceUrl: 'https://www.fao.org/',
  },
  countedAt: '2026-11-23T10:00:00.000Z',
};

describe('the impact answer check (zod-free, for the landing page)', () => {
  it.each([
    ['the totals', impact],
    ['null', null],
    ['a count as text', { ...impact, mealsDonated: '120' }],
    ['a missing count', { ...impact, activeDistributors: undefined }],
    ['no time', { ...impact, countedAt: undefined }],
    ['an array', [impact]],
  ])('agrees with ImpactSchema on %s', (_label, data) => {
    expect(accepts((d) => impactAnswer.parse(d), data)).toBe(
      accepts((d) => ImpactSchema.parse(d), data),
    );
  });
});
