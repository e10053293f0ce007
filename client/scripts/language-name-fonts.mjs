// Writes the faces that draw the language picker's names (हिन्दी, বাংলা) and nothing else: the
// app's own Noto faces cut down to those letters (with the shaping their conjuncts and vowel
// signs need), about 3 KB for both. The picker then needs neither script's whole face (97 KB),
// so an English page fetches no Indic font to name the other languages. Run it again after a
// name in src/i18n/locales.ts changes or @fontsource is updated; language-names.test.ts fails
// until then. Usage: npm run language-name-fonts --workspace client
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Each script's face, and the names written in it (as in src/i18n/locales.ts). */
export const LANGUAGE_NAME_FACES = [
  {
    script: 'devanagari',
    source:
      '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
  },
  {
    script: 'bengali',
    source: '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2',
  },
];

export const outputFile = (script) =>
  path.join(here, '..', 'src', 'assets', 'fonts', `language-names-${script}.woff2`);

/** The face for `script` holding exactly the letters of `names`. */
export async function languageNameFace(script, names) {
  const face = LANGUAGE_NAME_FACES.find((f) => f.script === script);
  if (!face) throw new Error(`no face for ${script}`);
  return subsetFont(readFileSync(require.resolve(face.source)), names.join(''), {
    targetFormat: 'woff2',
  });
}

/** The picker's names in each script, read from src/i18n/locales.ts. */
export function namesByScript() {
  const source = readFileSync(path.join(here, '..', 'src', 'i18n', 'locales.ts'), 'utf8');
  const names = [...source.matchAll(/'([^'\n]+)'/g)].map((m) => m[1]);
  return {
    devanagari: names.filter((n) => /[\u0900-\u097F]/.test(n)),
    bengali: names.filter((n) => /[\u0980-\u09FF]/.test(n)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const byScript = namesByScript();
  for (const { script } of LANGUAGE_NAME_FACES) {
    const bytes = await languageNameFace(script, byScript[script]);
    writeFileSync(outputFile(script), bytes);
    console.log(`${path.relative(process.cwd(), outputFile(script))}: ${bytes.length} bytes`);
  }
}
