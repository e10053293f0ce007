import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
