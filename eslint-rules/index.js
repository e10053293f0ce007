// Local ESLint rules for the one-way architecture (docs/decisions/010-one-way-architecture.md):
// `layers` refuses an import from a layer below-to-above, `no-cycle` refuses an import that leads
// back to the importing file. Both resolve the project's own imports (relative paths and
// @almquest/contracts/*) to files; packages from node_modules are outside both rules.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file an import names, or null for a package (or anything that is not ours). */
function resolveImport(fromFile, specifier, repoRoot) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@almquest/contracts/'))
    base = path.join(repoRoot, 'contracts/src', specifier.slice('@almquest/contracts/'.length));
  else return null;
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const FROM_CLAUSE = /\bfrom\s*['"]([^'"\n]{1,300})['"]/g;
const SIDE_EFFECT_IMPORT = /^import\s*['"]([^'"\n]{1,300})['"]/gm;

/**
 * The module specifiers of a file's static imports and re-exports. `import type` / `export type`
 * are left out (types are erased, so they make no cycle at run time), as are lazy `import()`.
 */
function specifiersIn(source) {
  const found = [];
  for (const match of source.matchAll(FROM_CLAUSE)) {
    const start = Math.max(
      source.lastIndexOf('import ', match.index),
      source.lastIndexOf('export ', match.index),
    );
    if (start >= 0 && /^(?:import|export) type\s/.test(source.slice(start, start + 14))) continue;
    found.push(match[1]);
  }
  for (const match of source.matchAll(SIDE_EFFECT_IMPORT)) found.push(match[1]);
  return found;
}

const importsCache = new Map();
function importsOf(file, repoRoot) {
  const mtime = statSync(file).mtimeMs;
  const cached = importsCache.get(file);
  if (cached && cached.mtime === mtime) return cached.files;
  const source = readFileSync(file, 'utf8');
  const files = [];
  for (const specifier of specifiersIn(source)) {
    const resolved = resolveImport(file, specifier, repoRoot);
    if (resolved) files.push(resolved);
  }
  importsCache.set(file, { mtime, files });
  return files;
}

/** Whether `target` can be reached from `start` through static imports. */
function reaches(start, target, repoRoot) {
  const seen = new Set();
  const stack = [start];
  while (stack.length) {
    const file = stack.pop();
    if (file === target) return true;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file, repoRoot));
  }
  return false;
}

const isInside = (file, area) =>
  file === area || file.startsWith(`${area}${path.sep}`) || file.startsWith(`${area}.`);

/**
 * A rule that looks at each value import and re-export of the file being linted, resolved to a
 * file of ours (`import type` and `export type` only when the rule asks for them: types are erased
 * at run time, so they make no cycle, but a type from a higher layer is still a dependency on it).
 * `check(resolved, specifier, node)` reports what it must.
 */
function importRule({ description, properties, create, includeTypes = false }) {
  return {
    meta: {
      type: 'problem',
      docs: { description },
      schema: [{ type: 'object', properties, additionalProperties: false }],
    },
    create(context) {
      const options = context.options[0];
      const check = create(context, options);
      if (!check) return {};
      const visit = (node) => {
        const specifier = node.source?.value;
        if (typeof specifier !== 'string') return;
        const isTypeOnly = node.importKind === 'type' || node.exportKind === 'type';
        if (isTypeOnly && !includeTypes) return;
        const resolved = resolveImport(context.filename, specifier, options.repoRoot);
        if (resolved) check(resolved, specifier, node);
      };
      return {
        ImportDeclaration: visit,
        ExportNamedDeclaration: visit,
        ExportAllDeclaration: visit,
        // import('...'): a lazy import is an import all the same.
        ImportExpression: visit,
      };
    },
  };
}

const layers = importRule({
  description: 'Imports go one way: a layer never imports a layer above it.',
  // A type from a higher layer is a dependency on it too (row types live in db/, not above).
  includeTypes: true,
  properties: { repoRoot: { type: 'string' }, zones: { type: 'array' } },
  create(context, { repoRoot, zones }) {
    const file = context.filename;
    const applying = zones.filter((zone) =>
      [zone.target].flat().some((t) => isInside(file, path.join(repoRoot, t))),
    );
    if (applying.length === 0) return null;
    return (resolved, specifier, node) => {
      const zone = applying.find((z) =>
        [z.from].flat().some((f) => isInside(resolved, path.join(repoRoot, f))),
      );
      if (zone) context.report({ node: node.source, message: `${specifier}: ${zone.message}` });
    };
  },
});

const noCycle = importRule({
  description: 'No import leads back to the importing file.',
  properties: { repoRoot: { type: 'string' } },
  create(context, { repoRoot }) {
    return (resolved, specifier, node) => {
      if (reaches(resolved, context.filename, repoRoot)) {
        context.report({
          node: node.source,
          message: `Dependency cycle: ${specifier} imports this file back`,
        });
      }
    };
  },
});

/** Attributes whose value a person reads or hears, so it must come from the message catalogs. */
const SPOKEN_ATTRIBUTES = new Set([
  'alt',
  'aria-label',
  'aria-description',
  'placeholder',
  'title',
]);
/** Text with a letter in it (any script): punctuation, digits and symbols alone are not words. */
const HAS_LETTER = /\p{L}/u;

/**
 * Text a person reads belongs in the catalogs (client/src/i18n/messages): JSX text with a letter,
 * strings and templates with words as JSX children (also as a branch of ?:, && or ||), and string
 * literals given to spoken attributes (alt, aria-label, placeholder, title), fail.
 */
const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'UI text comes from the message catalogs, not from JSX literals.' },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({
        node,
        message: `Untranslated text "${text.trim().slice(0, 40)}": put it in client/src/i18n/messages/en.ts and use t()`,
      });
    const literalIn = (value) => {
      if (!value) return null;
      if (value.type === 'Literal' && typeof value.value === 'string') return value;
      if (value.type === 'JSXExpressionContainer') {
        const e = value.expression;
        if (e.type === 'Literal' && typeof e.value === 'string') return e;
        if (
          e.type === 'TemplateLiteral' &&
          e.quasis.some((q) => HAS_LETTER.test(q.value.cooked ?? ''))
        )
          return e;
      }
      return null;
    };
    return {
      JSXText(node) {
        if (HAS_LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        // A string, a template with words in it, or either as a branch of ?: / && / ||.
        const words = (e) => {
          if (!e) return null;
          if (e.type === 'Literal' && typeof e.value === 'string')
            return HAS_LETTER.test(e.value) ? e.value : null;
          if (e.type === 'TemplateLiteral') {
            const text = e.quasis.map((q) => q.value.cooked ?? '').join('…');
            return HAS_LETTER.test(text) ? text : null;
          }
          if (e.type === 'ConditionalExpression') return words(e.consequent) ?? words(e.alternate);
          if (e.type === 'LogicalExpression') return words(e.right);
          return null;
        };
        const text = words(node.expression);
        if (text !== null) report(node, text);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!SPOKEN_ATTRIBUTES.has(name)) return;
        const literal = literalIn(node.value);
        const text =
          literal?.type === 'TemplateLiteral'
            ? literal.quasis.map((q) => q.value.cooked).join('…')
            : literal?.value;
        if (literal && HAS_LETTER.test(text)) report(node, text);
      },
    };
  },
};

export default { rules: { layers, 'no-cycle': noCycle, 'no-literal-text': noLiteralText } };
