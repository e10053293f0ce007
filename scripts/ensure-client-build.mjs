// Builds the web client when client/dist is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'client', 'dist', 'index.html');
const clientSources = [
  'client/src',
  'client/public',
  'client/index.html',
  'client/scripts',
  'client/vite.config.ts',
  'contracts/src',
];

function newestChange(target) {
  const stats = statSync(target, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

/** Returns once client/dist is current; exits the process if the build fails. */
export function ensureClientBuild() {
  const built = statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...clientSources.map((p) => newestChange(path.join(root, p))));
  if (built >= sources) return;
  console.log(built ? 'The web client changed; rebuilding it…' : 'Building the web client…');
  // Served assets are always a production build, whatever NODE_ENV this shell has.
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'client'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
