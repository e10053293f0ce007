import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import localRules from './eslint-rules/index.js';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** The server's top: what assembles and starts the app. Nothing below imports these. */
const serverApp = [
  './server/src/app.ts',
  './server/src/index.ts',
  './server/src/static.ts',
  './server/src/startup-errors.ts',
];

/** The client's features, one folder each. */
const clientFeatures = readdirSync(path.join(repoRoot, 'client/src/features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each zone: files under `target` may not import from `from` (paths from the repository root). */
const layerZones = [
  // contracts is shared by both sides and imports neither.
  {
    target: './contracts/src',
    from: ['./server', './client'],
    message: 'contracts imports nothing from server or client.',
  },
  // Server layers.
  {
    target: './server/src/db',
    from: [
      './server/src/matching',
      './server/src/modules',
      './server/src/realtime',
      './server/src/middleware',
      ...serverApp,
    ],
    message: 'db is the bottom layer: schema, row types and SQL helpers only.',
  },
  {
    target: './server/src/realtime',
    from: ['./server/src/matching', './server/src/modules', ...serverApp],
    message: 'realtime is an adapter below the modules: it may use db and contracts only.',
  },
  {
    target: './server/src/matching',
    from: [
      './server/src/modules',
      './server/src/realtime',
      './server/src/middleware',
      ...serverApp,
    ],
    message: 'matching sits below the modules: it may use db and contracts only.',
  },
  {
    target: './server/src/modules',
    from: serverApp,
    message: 'modules are assembled by app.ts, never the other way round.',
  },
  {
    target: [
      './server/src/lib',
      './server/src/middleware',
      './server/src/errors.ts',
      './server/src/logger.ts',
      './server/src/config.ts',
      './server/src/notifier.ts',
      './server/src/jobs.ts',
    ],
    from: ['./server/src/modules', './server/src/matching', './server/src/realtime', ...serverApp],
    message: 'shared server helpers know nothing of the modules.',
  },
  // Client layers.
  {
    target: [
      './client/src/api',
      './client/src/lib',
      './client/src/components',
      './client/src/content',
      './client/src/i18n',
    ],
    from: ['./client/src/features', './client/src/app'],
    message: 'api, lib and components are shared: they may not import features or the app shell.',
  },
  {
    target: './client/src/features',
    from: ['./client/src/app'],
    message: 'features are assembled by app/, never the other way round.',
  },
  // A feature imports shared code, never another feature; pages are composed in app/.
  ...clientFeatures.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: clientFeatures
      .filter((other) => other !== feature)
      .map((other) => `./client/src/features/${other}`),
    message:
      'a feature imports shared code (lib, components, i18n, contracts), never another feature: compose them in app/.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-prerender/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Regular expressions: the recommended set, and super-linear backtracking (ReDoS) is an error.
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.mjs',
      'server/scripts/**/*.mjs',
      'client/scripts/**/*.mjs',
      'bench/**/*.{ts,mjs}',
      'sim/**/*.ts',
      'e2e/**/*.{ts,mjs}',
      '*.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // The service worker (an installable app): plain JavaScript the build copies with its file list.
    files: ['client/service-worker/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, __PRECACHE__: 'readonly' } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Leaflet sets a string tooltip, popup or marker label as HTML: text people typed would be
      // markup in another person's page. Pass textElement(text) (lib/text-node.ts); a fixed
      // string of our own markup (a marker's look) may stay a literal.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(bindTooltip|bindPopup|setTooltipContent|setPopupContent|setContent)$/] > :first-child:not(CallExpression[callee.name='textElement'])",
          message: 'Leaflet reads a string as HTML: pass textElement(text) instead.',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(tooltip|popup|divIcon)$/] Property[key.name=/^(content|html)$/]:not([value.type='Literal']):not([value.type='CallExpression'][value.callee.name='textElement'])",
          message: 'Leaflet reads a string as HTML: pass textElement(text) instead.',
        },
        {
          selector:
            "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/], CallExpression[callee.property.name='insertAdjacentHTML']",
          message: 'Text people typed must not become markup: set textContent, or build elements.',
        },
      ],
    },
  },
  // One-way architecture (docs/decisions/010-one-way-architecture.md). Server: contracts <- db
  // <- realtime / matching <- modules <- app; client: lib, components <- features <- app.
  // A wrong-direction import or an import cycle fails `npm run lint`.
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'contracts/src/**/*.ts'],
    plugins: { local: localRules },
    rules: {
      'local/no-cycle': ['error', { repoRoot }],
      'local/layers': ['error', { repoRoot, zones: layerZones }],
    },
  },
  {
    // Tests assemble whole apps (and reach into any layer) to test through real HTTP.
    files: ['**/*.test.{ts,tsx}', 'server/src/test/**', 'client/src/test/**'],
    rules: { 'local/layers': 'off' },
  },
  {
    // Every text a person reads comes from the message catalogs; tests may use any.
    files: ['client/src/**/*.tsx'],
    ignores: ['client/src/**/*.test.tsx', 'client/src/test/**'],
    plugins: { local: localRules },
    rules: { 'local/no-literal-text': 'error' },
  },
  {
    files: ['client/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
);
