// Runs the server tests against PGlite, and again against the PostgreSQL server when
// TEST_DATABASE_URL is set, so every rule is proven on both databases.
import { spawnSync } from 'node:child_process';

const runs = [{ name: 'PGlite', env: { TEST_DATABASE_URL: '' } }];
if (process.env.TEST_DATABASE_URL) runs.push({ name: 'PostgreSQL', env: {} });

for (const run of runs) {
  console.log(`\nServer tests on ${run.name}`);
  const result = spawnSync('npm', ['run', 'test', '--workspace', 'server'], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
