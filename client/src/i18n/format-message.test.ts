import { describe, expect, it } from 'vitest';
import { formatMessage, formatNumber } from './format-message';
import { detectLocale } from './locales';

describe('formatMessage', () => {
  it('fills parameters, formatting numbers the Indian way', () => {
    expect(formatMessage('en', 'Welcome, {name}!', { name: 'Asha' })).toBe('Welcome, Asha!');
    expect(formatMessage('en', '{count} meals', { count: 100000 })).toBe('1,00,000 meals');
    expect(formatNumber('hi', 1234567)).toBe('12,34,567');
  });

  it('picks the plural form the language asks for', () => {
    const template = '{count, plural, one {# meal} other {# meals}}';
    expect(formatMessage('en', template, { count: 1 })).toBe('1 meal');
    expect(formatMessage('en', template, { count: 12 })).toBe('12 meals');
    expect(formatMessage('en', '{count, plural, =0 {none} other {#}}', { count: 0 })).toBe('none');
    expect(formatMessage('hi', '{count, plural, one {# भोजन} other {# भोजन}}', { count: 2 })).toBe(
      '2 भोजन',
    );
  });

  it('leaves a missing parameter visible instead of dropping it', () => {
    expect(formatMessage('en', 'Hello {name}', {})).toBe('Hello {name}');
  });
});

describe('detectLocale', () => {
  it.each([
    [null, ['hi-IN', 'en'], 'hi'],
    [null, ['bn-BD'], 'bn'],
    [null, ['fr-FR', 'bn'], 'bn'],
    [null, ['fr-FR'], 'en'],
    ['bn', ['hi-IN'], 'bn'],
    ['xx', ['hi'], 'hi'],
    [null, [], 'en'],
  ] as const)('stored %s with browser languages %j starts in %s', (stored, languages, expected) => {
    expect(detectLocale(stored, languages)).toBe(expected);
  });
});

describe('a # inside a parameter', () => {
  it('stays as typed; only the form’s own # is the count', () => {
    const template = '{count, plural, one {# meal for {name}} other {# meals for {name}}}';
    expect(formatMessage('bn', template, { count: 3, name: 'Roti Bank #7' })).toBe(
      '৩ meals for Roti Bank #7',
    );
  });
});
