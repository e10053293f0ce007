// Runs the server tests. Without TEST_DATABASE_URL: every file, on PGlite. With it (CI): every
// file against the PostgreSQL server (on Node.js 24 when SERVER_TESTS_NODE=24, the runtime
// production uses, from the npm registry's node package), then again on PGlite only the files
// whose outcome can differ between the engines (ENGINE_SENSITIVE below). Files that never touch
// the shared test database (pure rules, the embedded data folder, the place data) behave the same
// in both passes, so they run once. Every rule is proven on both engines without the whole suite
// twice; the browser journeys (e2e/) run the whole app on PGlite and this machine's Node.js.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.env.SERVER_TESTS_NODE;
if (node && !/^\d+$/.test(node)) {
  console.error(`SERVER_TESTS_NODE must be a Node.js major version such as 24, not "${node}".`);
  process.exit(1);
}

const onThisNode = ['npm', ['run', 'test', '--workspace', 'server']];
/** The same command, limited to these test files. */
function withFiles([command, args], files) {
  return [command, [...args, '--', ...files]];
}
const onNode = (major) => [
  'npx',
  [
    '--yes',
    '-p',
    `node@${major}`,
    '-c',
    'node --version && cd server && node ../node_modules/vitest/vitest.mjs run',
  ],
];

/**
 * Where PGlite and the PostgreSQL server can give different outcomes: migrations, functions and
 * extensions; locks, races and leases (PGlite runs one statement at a time, the server many);
 * LISTEN/NOTIFY; readiness; the development server (PGlite only); and the main package flow as
 * a smoke test of the rest. A new test file belongs here when its outcome can depend on the engine.
 */
const ENGINE_SENSITIVE = [
  'src/db/db.test.ts',
  'src/db/session-cache.test.ts',
  'src/dev-mode.test.ts',
  'src/matching/concurrency.test.ts',
  'src/matching/delete-race.test.ts',
  'src/matching/invariants.test.ts',
  'src/matching/match-sql.test.ts',
  'src/matching/split.test.ts',
  'src/modules/notifications/mail.test.ts',
  'src/modules/notifications/notifications.test.ts',
  'src/modules/packages/lifecycle/lifecycle.model.test.ts',
  'src/modules/packages/lifecycle/lifecycle.races.test.ts',
  'src/modules/packages/packages.test.ts',
  'src/modules/places/places.test.ts',
  'src/modules/push/push.test.ts',
  'src/modules/rate-limits.test.ts',
  'src/modules/system/system.test.ts',
];

// A renamed or moved file would silently drop out of the PGlite pass: refuse to run instead.
const missing = ENGINE_SENSITIVE.filter((file) => !existsSync(path.join(root, 'server', file)));
if (missing.length > 0) {
  console.error(
    `scripts/test-server.mjs lists test files that do not exist: ${missing.join(', ')}`,
  );
  process.exit(1);
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const runs = [];
if (onPostgres) {
  runs.push({
    name: node ? `PostgreSQL (Node.js ${node})` : `PostgreSQL (Node.js ${process.versions.node})`,
    env: {},
    command: node ? onNode(node) : onThisNode,
  });
}
runs.push({
  name: onPostgres
    ? `PGlite, the engine-sensitive files (Node.js ${process.versions.node})`
    : `PGlite (Node.js ${process.versions.node})`,
  env: { TEST_DATABASE_URL: '' },
  command: onPostgres ? withFiles(onThisNode, ENGINE_SENSITIVE) : onThisNode,
});

for (const run of runs) {
  console.log(`\nServer tests on ${run.name}`);
  const started = Date.now();
  const [command, args] = run.command;
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  console.log(`Server tests on ${run.name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
