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

  it('accepts the linear pattern that replaced it', async () => {
    const code =
      'export const parse = (v: string) => /^(\\d{1,6}(?:\\.\\d{1,6})?) *(?:km|kms)?$/i.exec(v.trim());\n';
    expect(await rulesBroken(code, 'contracts/src/lint-fixture.ts')).toEqual([]);
  });
});
