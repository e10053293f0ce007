import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'almquest-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>AlmQuest</title>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  ctx = await createTestApp({ CLIENT_DIST: dist });
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the client', () => {
  it('caches hashed assets for a year', async () => {
    const res = await request(ctx.app).get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates other files', async () => {
    const res = await request(ctx.app).get('/favicon.svg').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/profile', '/transaction/123', '/personainfo', '/anything/else'])(
    'answers the client route %s with index.html',
    async (route) => {
      const res = await request(ctx.app).get(route).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<title>AlmQuest</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('does not answer API routes with the page', async () => {
    const res = await request(ctx.app).get('/api/nope').set('Accept', 'text/html').expect(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers a missing asset with 404, not the page', async () => {
    await request(ctx.app).get('/assets/missing.js').set('Accept', '*/*').expect(404);
  });
});

describe('inline scripts', () => {
  it('allows exactly the built page’s inline scripts by hash', async () => {
    const { inlineScriptHashes } = await import('./static');
    const { createHash } = await import('node:crypto');
    const script = "(function(){document.documentElement.dataset.x='1'})()";
    await writeFile(
      path.join(dist, 'index.html'),
      `<!doctype html><title>AlmQuest</title><script>${script}</script>`,
    );
    const expected = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(inlineScriptHashes(dist)).toEqual([expected]);
    expect(inlineScriptHashes(path.join(dist, 'missing'))).toEqual([]);
  });
});
