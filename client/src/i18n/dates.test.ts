import { clockTime, dateAndTime } from '@almquest/contracts/clock';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTimeAfter } from './dates';

const afternoon = new Date('2026-11-21T10:32:00Z'); // 4:02 pm in India
const morning = new Date('2026-11-21T02:05:00Z'); // 7:35 am
const night = new Date('2026-11-21T16:45:00Z'); // 10:15 pm

// ICU puts a narrow no-break space (U+202F) before am and pm.
describe('times of day in each language', () => {
  it('English says am and pm after the time', () => {
    expect(clockTime('en', afternoon, 'Asia/Kolkata')).toBe('4:02\u202fpm');
    expect(dateAndTime('en', afternoon, 'Asia/Kolkata')).toBe('21 Nov 2026, 4:02\u202fpm');
  });

  it('Hindi says the part of the day first, on a 12-hour clock', () => {
    expect(clockTime('hi', afternoon, 'Asia/Kolkata')).toBe('शाम 4:02');
    expect(clockTime('hi', morning, 'Asia/Kolkata')).toBe('सुबह 7:35');
    expect(clockTime('hi', night, 'Asia/Kolkata')).toBe('रात 10:15');
    expect(dateAndTime('hi', afternoon, 'Asia/Kolkata')).toBe('21 नवंबर 2026, शाम 4:02');
  });

  it('Bengali says the part of the day first too, in Bengali digits', () => {
    expect(clockTime('bn', afternoon, 'Asia/Kolkata')).toBe('বিকাল ৪:০২');
    expect(clockTime('bn', morning, 'Asia/Kolkata')).toBe('সকাল ৭:৩৫');
    expect(clockTime('bn', night, 'Asia/Kolkata')).toBe('রাত ১০:১৫');
    expect(dateAndTime('bn', afternoon, 'Asia/Kolkata')).toBe('২১ নভেম্বর, ২০২৬, বিকাল ৪:০২');
  });

  it('the app writes a date and time the same way', () => {
    expect(formatDateTime('hi', afternoon.toISOString())).toBe(dateAndTime('hi', afternoon));
    // Whatever this machine's zone, a part of the day and a 12-hour time.
    expect(formatDateTime('hi', afternoon.toISOString())).toMatch(
      /(सुबह|दोपहर|शाम|रात) (1[0-2]|[1-9]):\d{2}$/,
    );
  });
});

describe('a second time in one line', () => {
  it('is said alone on the same day, with its date on another', () => {
    const deadline = '2026-11-21T12:00:00Z';
    expect(formatTimeAfter('hi', deadline, afternoon.toISOString(), 'Asia/Kolkata')).toBe(
      'शाम 4:02',
    );
    expect(formatTimeAfter('bn', deadline, '2026-11-22T02:05:00Z', 'Asia/Kolkata')).toBe(
      '২২ নভেম্বর, ২০২৬, সকাল ৭:৩৫',
    );
  });
});
