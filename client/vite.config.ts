import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// A build is always a production build, whatever NODE_ENV the shell has (`npm start` rebuilds
// the client and would otherwise pass NODE_ENV=development on, shipping React's development code).
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

const apiPort = process.env.API_PORT ?? '8081';
const devPort = Number(process.env.DEV_PORT ?? 8080);
const api = { target: `http://localhost:${apiPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: devPort,
    strictPort: true,
    // The API and the development sign-in provider both live on the API server.
    proxy: { '/api': api, '/dev-idp': api },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/client-weight reads which files each page loads.
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
