// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_NAME_FACES,
  languageNameFace,
  namesByScript,
  outputFile,
} from '../../scripts/language-name-fonts.mjs';
import { LOCALE_NAMES } from './locales';

describe("the language picker's own faces", () => {
  it('are read from the names the picker shows', () => {
    const byScript = namesByScript();
    expect([...byScript.devanagari, ...byScript.bengali].sort()).toEqual(
      Object.values(LOCALE_NAMES)
        .filter((name) => /[\u0900-\u09FF]/.test(name))
        .sort(),
    );
  });

  it.each(LANGUAGE_NAME_FACES.map((f) => f.script))(
    'hold exactly the letters of the %s names as they are now (npm run language-name-fonts --workspace client writes them)',
    async (script) => {
      const names = namesByScript()[script];
      const fresh = Buffer.from(await languageNameFace(script, names));
      expect(readFileSync(outputFile(script)).equals(fresh)).toBe(true);
    },
  );
});
