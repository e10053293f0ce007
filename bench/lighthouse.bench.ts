import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Benchmark, round, startBuiltApp } from './lib';

/** 6b. Lighthouse mobile performance of the production build, in Debian's Chromium. */
export const lighthouseBench: Benchmark = {
  name: 'lighthouse',
  description:
    'Lighthouse mobile performance score of / in each language (production build, local server)',
  async run(report) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-lh-'));
    const app = await startBuiltApp(dataDir);
    const languages = [
      ['en', 'English'],
      ['hi', 'Hindi'],
      ['bn', 'Bengali'],
    ] as const;
    try {
      // One browser per language, speaking it (navigator.languages), so / opens in it as it
      // would on that person's phone (>= 95 in each language).
      for (const [locale, name] of languages) {
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
            `--lang=${locale}`,
            `--accept-lang=${locale}`,
          ],
        });
        try {
          const scores: number[] = [];
          let metrics: Record<string, number> = {};
          for (let run = 0; run < 3; run++) {
            const result = await lighthouse(`${app.baseUrl}/`, {
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
              'transferred KB': round(
                (lhr.audits['total-byte-weight']?.numericValue ?? NaN) / 1024,
                1,
              ),
            };
          }
          const median = [...scores].sort((x, y) => x - y)[1]!;
          report({
            benchmark: 'lighthouse',
            engine: '-',
            case: `/ in ${name} (mobile, simulated throttling)`,
            metrics: { 'score (median of 3)': round(median, 0), ...metrics },
            target: 'score >= 95',
            isTargetMet: median >= 95,
          });
        } finally {
          chrome.kill();
        }
      }
    } finally {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
