import { ImpactSchema } from '@almquest/contracts/impact';
import { describe, expect, it } from 'vitest';
import { impactAnswer } from './get-impact';

const impact = {
  mealsDonated: 120,
  packagesDistributed: 7,
  activeDistributors: 3,
  countedAt: '2026-11-23T10:00:00.000Z',
};

const accepts = (parse: (data: unknown) => unknown, data: unknown) => {
  try {
    parse(data);
    return true;
  } catch {
    return false;
  }
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
