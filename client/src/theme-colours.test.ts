import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the theme', () => {
  it('defines every shade of its own colours that a class names (an undefined one draws nothing)', () => {
    const css = readFileSync(path.join(src, 'index.css'), 'utf8');
    const defined = new Set([...css.matchAll(/--color-((?:brand|accent)-\d+):/g)].map((m) => m[1]));
    const used = new Set(
      sourceFiles(src).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/-((?:brand|accent)-\d+)\b/g)].map((m) => m[1]),
      ),
    );
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((shade) => !defined.has(shade))).toEqual([]);
  });
});
