// `npm start`: builds the web client when it is missing or older than its sources, then runs the
// server in this same process so signals reach it directly. With NODE_ENV=production it runs the
// compiled server (`npm run build` makes it); otherwise the TypeScript sources through tsx.
import { existsSync, readFileSync } from 'node:fs';
import { ensureClientBuild } from './ensure-client-build.mjs';

// Run by npm (`npm start`), this process is npm's grandchild: a SIGTERM to npm's own PID ends npm
// and its shell but never reaches here, and the server would go on holding the port and the
// data folder. So when the process that started this one is gone (this one was handed to
// init), it shuts down as on SIGTERM.
// npm may start this through a shell, and a SIGKILL to npm leaves that shell alive (handed to
// init) and this process its child still: so the shell's parent is watched too (Linux).
// Both are noted before the client build, which may take half a minute: npm stopped during it
// leaves nothing behind either.
const parentOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
};
const isWatched = Boolean(process.env.npm_lifecycle_event);
const parent = process.ppid;
const grandparent = parentOf(parent);
const isOrphaned = () =>
  isWatched &&
  (process.ppid !== parent || (grandparent !== null && parentOf(parent) !== grandparent));

ensureClientBuild();

if (isOrphaned()) {
  console.error('npm start was stopped while the web client was being built; not starting.');
  process.exit(1);
}
if (isWatched) {
  const watch = setInterval(() => {
    if (!isOrphaned()) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  watch.unref();
}

if (process.env.NODE_ENV === 'production') {
  const compiled = new URL('../server/dist/index.js', import.meta.url);
  if (!existsSync(compiled)) {
    console.error('The compiled server is missing: run `npm run build` first.');
    process.exit(1);
  }
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/src/index.ts');
}
