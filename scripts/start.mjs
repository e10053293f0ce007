// `npm start`: builds the web client when it is missing or older than its sources, then runs the
// server (TypeScript, through tsx) in this same process so signals reach it directly.
import { ensureClientBuild } from './ensure-client-build.mjs';

ensureClientBuild();

const { register } = await import('tsx/esm/api');
register();
await import('../server/src/index.ts');
