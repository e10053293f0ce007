// `npm run dev`: the API with auto-restart on port 8081, and Vite with hot reload on port 8080
// proxying /api and the development sign-in (/dev-idp) to it. Ctrl+C stops both.
// DEV_PORT and API_PORT move them.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
const devPort = process.env.DEV_PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/index.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${devPort}`,
    },
  }),
  spawn('npm', ['run', 'dev', '--workspace', 'client'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort, DEV_PORT: devPort },
  }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
