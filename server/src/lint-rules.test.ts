import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The rules `npm run lint` enforces, shown to bite on code they exist to stop. */
async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint rules', () => {
  it('refuses a pattern with super-linear backtracking (the old travel-capacity parser)', async () => {
    const code =
      'export const parse = (v: string) => /^\\s*(\\d+(?:\\.\\d+)?)\\s*(?:km|kms)?\\s*$/i.exec(v);\n';
    expect(await rulesBroken(code, 'contracts/src/lint-fixture.ts')).toContain(
      'regexp/no-super-linear-backtracking',
    );
  });

  it.each([
    ['JSX text', 'export const A = () => <p>Donate a Package</p>;'],
    ['Hindi JSX text', 'export const A = () => <p>पैकेट दान करें</p>;'],
    ['a string in braces', "export const A = () => <p>{'Loading…'}</p>;"],
    ['a template in braces', 'export const A = ({ n }: { n: number }) => <p>{`${n} meals`}</p>;'],
    [
      'a string as a branch',
      'export const A = ({ ok }: { ok: boolean }) => <p>{ok ? "Saved" : "Failed"}</p>;',
    ],
    ['a string after &&', 'export const A = ({ ok }: { ok: boolean }) => <p>{ok && "Saved"}</p>;'],
    ['an aria-label', 'export const A = () => <nav aria-label="Main" />;'],
    [
      'a placeholder in braces',
      "export const A = () => <input placeholder={'Number of meals'} />;",
    ],
    [
      'a title in a template',
      'export const A = ({ n }: { n: number }) => <b title={`${n} meals`} />;',
    ],
  ])('refuses untranslated UI text: %s', async (_what, code) => {
    expect(await rulesBroken(code, 'client/src/features/home/fixture.tsx')).toContain(
      'local/no-literal-text',
    );
  });

  it('accepts text from the catalogs, symbols, and attributes nobody reads', async () => {
    const code = [
      "import { useI18n } from '../../i18n/i18n';",
      'export const A = () => {',
      '  const { t } = useI18n();',
      '  return (',
      '    <p className="mt-2" aria-label={t(\'nav.main\')} data-testid="x">',
      "      {t('nav.about')} · 9+ … © {'·'}",
      '    </p>',
      '  );',
      '};',
    ].join('\n');
    expect(await rulesBroken(code, 'client/src/features/home/fixture.tsx')).toEqual([]);
  });

  it('accepts the linear pattern that replaced it', async () => {
    const code =
      'export const parse = (v: string) => /^(\\d{1,6}(?:\\.\\d{1,6})?) *(?:km|kms)?$/i.exec(v.trim());\n';
    expect(await rulesBroken(code, 'contracts/src/lint-fixture.ts')).toEqual([]);
  });

  it.each([
    ['server/src/db/fixture.ts', "import { registerDonor } from '../modules/users/users.service';"],
    [
      'server/src/matching/fixture.ts',
      "import { searchPlaces } from '../modules/places/places.service';",
    ],
    [
      'server/src/realtime/fixture.ts',
      "import { toDelivery } from '../modules/notifications/notifications.presenter';",
    ],
    ['server/src/modules/users/fixture.ts', "import { createApp } from '../../app';"],
    [
      'client/src/lib/fixture.ts',
      "import { ProfilePage } from '../features/profile/profile-page';",
    ],
    ['client/src/components/fixture.ts', "import { Navbar } from '../app/navbar';"],
    ['client/src/features/home/fixture.ts', "import { Navbar } from '../../app/navbar';"],
    // A type from above is a dependency too.
    [
      'server/src/db/fixture.ts',
      "import type { Notifier } from '../modules/notifications/notifier';",
    ],
    // A lazy import is an import.
    [
      'server/src/matching/fixture.ts',
      "export const later = () => import('../modules/places/places.service');",
    ],
    // Shared helpers at the root know nothing of the modules or the app.
    ['server/src/notifier.ts', "import { createApp } from './app';"],
    ['server/src/jobs.ts', "import { searchPlaces } from './modules/places/places.service';"],
    ['server/src/middleware/fixture.ts', "import { clientRoutes } from '../static';"],
    ['contracts/src/fixture.ts', "import { createApp } from '../../server/src/app';"],
    ['client/src/i18n/fixture.ts', "import { Navbar } from '../app/navbar';"],
  ])('refuses a wrong-direction import in %s', async (filePath, line) => {
    expect(await rulesBroken(`${line}\nexport const x = 1;\n`, filePath)).toContain('local/layers');
  });

  it('refuses an import cycle', async () => {
    // db/notifications.ts imports db/schema.ts; schema importing it back closes the loop.
    const schema = await readFile(path.join(repoRoot, 'server/src/db/schema.ts'), 'utf8');
    const code = `import { packageContext } from './notifications';\nexport const f = packageContext;\n${schema}`;
    expect(await rulesBroken(code, 'server/src/db/schema.ts')).toContain('local/no-cycle');
  });

  it('accepts the imports the layers allow', async () => {
    const code = [
      "import { placeAddress } from '../db/places';",
      "import { meetPoint } from './geometry';",
      'export const both = [placeAddress, meetPoint];',
      '',
    ].join('\n');
    expect(await rulesBroken(code, 'server/src/matching/fixture.ts')).toEqual([]);
  });
});
