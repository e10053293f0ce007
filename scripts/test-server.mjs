// Runs the server tests against PGlite, and again against the PostgreSQL server when
// TEST_DATABASE_URL is set, so every rule is proven on both databases. With
// SERVER_TESTS_NODE=24 (CI sets it) the PostgreSQL pass runs on Node.js 24, the runtime
// production uses, from the npm registry's node package: the whole suite on both engines and
// both runtimes, without a third pass.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.env.SERVER_TESTS_NODE;
if (node && !/^\d+$/.test(node)) {
  console.error(`SERVER_TESTS_NODE must be a Node.js major version such as 24, not "${node}".`);
  process.exit(1);
}

const onThisNode = ['npm', ['run', 'test', '--workspace', 'server']];
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

const runs = [
  {
    name: `PGlite (Node.js ${process.versions.node})`,
    env: { TEST_DATABASE_URL: '' },
    command: onThisNode,
  },
];
if (process.env.TEST_DATABASE_URL) {
  runs.push({
    name: node ? `PostgreSQL (Node.js ${node})` : `PostgreSQL (Node.js ${process.versions.node})`,
    env: {},
    command: node ? onNode(node) : onThisNode,
  });
}

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
