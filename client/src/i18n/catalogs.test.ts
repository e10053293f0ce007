import { describe, expect, it } from 'vitest';
import { bn } from './messages/bn';
import { en } from './messages/en';
import { enApp } from './messages/en-app';
import { hi } from './messages/hi';

/** The parameter names a message uses: `{name}` and `{count, plural, …}` alike. */
function parameters(template: string): string[] {
  return [...template.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]!).sort();
}

const english: Record<string, string> = { ...en, ...enApp };

it('keeps each English key in one part only', () => {
  expect(Object.keys(en).filter((key) => key in enApp)).toEqual([]);
});

describe.each([
  ['Hindi', hi],
  ['Bengali', bn],
])('the %s catalog', (_language, catalog) => {
  it('has every English key and no other', () => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
  });

  it('uses the same parameters as English in every message, and leaves none empty', () => {
    for (const [key, source] of Object.entries(english)) {
      const translated = (catalog as Record<string, string>)[key] ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect([...new Set(parameters(translated))], key).toEqual([...new Set(parameters(source))]);
    }
  });
});
