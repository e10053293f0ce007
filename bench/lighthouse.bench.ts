import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Benchmark, round } from './lib';
import { freePort } from '../server/src/test/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** 6b. Lighthouse mobile performance of the production build, in Debian's Chromium. */
export const lighthouseBench: Benchmark = {
  name: 'lighthouse',
  description: 'Lighthouse mobile performance score of / (production build, local server)',
  async run(report) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-lh-'));
    const port = await freePort();
    const app = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: 'ignore',
    });
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    });
    try {
      for (let i = 0; i < 300; i++) {
        if (
          await fetch(`http://127.0.0.1:${port}/api/health`)
            .then((r) => r.ok)
            .catch(() => false)
        )
          break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const scores: number[] = [];
      let metrics: Record<string, number> = {};
      for (let run = 0; run < 3; run++) {
        const result = await lighthouse(`http://127.0.0.1:${port}/`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          formFactor: 'mobile',
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('Lighthouse returned nothing');
        scores.push((lhr.categories.performance?.score ?? 0) * 100);
        metrics = {
          'FCP ms': round(lhr.audits['first-contentful-paint']?.numericValue ?? NaN, 0),
          'LCP ms': round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN, 0),
          'TBT ms': round(lhr.audits['total-blocking-time']?.numericValue ?? NaN, 0),
          CLS: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN, 3),
          // What the browser actually received (compressed), everything / loads.
          'transferred KB': round((lhr.audits['total-byte-weight']?.numericValue ?? NaN) / 1024, 1),
        };
      }
      const median = [...scores].sort((a, b) => a - b)[1]!;
      report({
        benchmark: 'lighthouse',
        engine: '-',
        case: '/ (mobile, simulated throttling)',
        metrics: { 'score (median of 3)': round(median, 0), ...metrics },
        target: 'score >= 95',
        isTargetMet: median >= 95,
      });
    } finally {
      chrome.kill();
      await new Promise<void>((resolve) => {
        app.once('exit', () => resolve());
        app.kill('SIGTERM');
      });
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
