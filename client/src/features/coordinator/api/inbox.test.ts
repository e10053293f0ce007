import type { Report } from '@almquest/contracts/coordinator';
import { describe, expect, it } from 'vitest';
import { latestOfEach } from './inbox';

const report = (id: string, closedAt: string | null) => ({ id, closedAt }) as unknown as Report;

describe('latestOfEach', () => {
  it('keeps a report closed between two pages once, where it came last (closed)', () => {
    const pages = [
      [report('a', null), report('b', null)],
      [report('c', null), report('a', '2026-11-25T07:00:00Z'), report('d', '2026-11-24T07:00:00Z')],
    ];
    const list = latestOfEach(pages.flat());
    expect(list.map((r) => r.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(list.find((r) => r.id === 'a')?.closedAt).toBe('2026-11-25T07:00:00Z');
  });
});
