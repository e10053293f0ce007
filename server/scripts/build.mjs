// Compiles the server to plain JavaScript for production (`node server/dist/index.js`): one
// ESM file per entry point, with our own workspace code (contracts) bundled in and every npm
// package left to Node to load from node_modules. Migrations and SQL functions are copied
// beside it.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(serverDir, 'dist');

/** npm packages stay external; relative imports and @almquest/* workspaces are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@almquest/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: { index: 'src/index.ts', seed: 'scripts/seed.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalPackages],
  logLevel: 'warning',
});
for (const folder of ['migrations', 'functions']) {
  await cp(path.join(serverDir, 'src', 'db', folder), path.join(outdir, folder), {
    recursive: true,
  });
}
console.log(`Built ${path.relative(process.cwd(), outdir)}`);
