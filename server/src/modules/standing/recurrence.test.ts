import { describe, expect, it } from 'vitest';
import { daysOf, localDate, occurrenceOn, occurrencesBetween, ruleOf } from './recurrence';

const weekly = (overrides: Partial<Parameters<typeof occurrencesBetween>[0]> = {}) => ({
  rule: ruleOf(['tu']),
  readyAt: '20:00',
  startsOn: '2028-02-01',
  endsOn: null,
  timeZone: 'Asia/Kolkata',
  ...overrides,
});

describe('standing donation days (rrule-temporal, India time)', () => {
  it('says the days as RFC 5545 does and reads them back', () => {
    expect(ruleOf(['we', 'mo'])).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
    expect(ruleOf(['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'])).toBe('FREQ=DAILY');
    expect(daysOf('FREQ=WEEKLY;BYDAY=MO,WE')).toEqual(['mo', 'we']);
    expect(daysOf('FREQ=DAILY')).toHaveLength(7);
  });

  it('keeps a leap day and crosses months and years', () => {
    const tuesdays = occurrencesBetween(
      weekly(),
      new Date('2028-02-20T00:00:00Z'),
      new Date('2028-03-10T00:00:00Z'),
    );
    expect(tuesdays.map((d) => d.date)).toEqual(['2028-02-22', '2028-02-29', '2028-03-07']);
    // 20:00 in India is 14:30 UTC.
    expect(tuesdays[1]!.readyAt.toISOString()).toBe('2028-02-29T14:30:00.000Z');
    const daily = occurrencesBetween(
      weekly({ rule: 'FREQ=DAILY', startsOn: '2027-12-30' }),
      new Date('2027-12-30T00:00:00Z'),
      new Date('2028-01-02T23:59:00Z'),
    );
    expect(daily.map((d) => d.date)).toEqual([
      '2027-12-30',
      '2027-12-31',
      '2028-01-01',
      '2028-01-02',
    ]);
  });

  it('puts early morning in India on its Indian date, the day before in UTC', () => {
    const early = weekly({ rule: 'FREQ=DAILY', readyAt: '04:30', startsOn: '2028-02-28' });
    const [first] = occurrencesBetween(
      early,
      new Date('2028-02-27T00:00:00Z'),
      new Date('2028-02-29T00:00:00Z'),
    );
    expect(first).toEqual({
      date: '2028-02-28',
      readyAt: new Date('2028-02-27T23:00:00.000Z'),
    });
    expect(localDate(new Date('2028-02-27T23:00:00.000Z'))).toBe('2028-02-28');
    expect(occurrenceOn(early, '2028-02-28')?.readyAt.toISOString()).toBe(
      '2028-02-27T23:00:00.000Z',
    );
  });

  it('starts on its first day and stops after its last, inclusive', () => {
    const bounded = weekly({ rule: 'FREQ=DAILY', startsOn: '2028-03-01', endsOn: '2028-03-03' });
    const days = occurrencesBetween(
      bounded,
      new Date('2028-02-25T00:00:00Z'),
      new Date('2028-03-10T00:00:00Z'),
    );
    expect(days.map((d) => d.date)).toEqual(['2028-03-01', '2028-03-02', '2028-03-03']);
    expect(occurrenceOn(bounded, '2028-03-04')).toBeNull();
    expect(occurrenceOn(weekly(), '2028-02-23')).toBeNull();
    expect(occurrenceOn(weekly(), '2028-02-29')?.date).toBe('2028-02-29');
  });
});
