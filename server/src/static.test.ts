import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app';

const BIG_SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const LANDING = '<!doctype html><title>AlmQuest</title><div id="root"><main>Landing</main></div>';
let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'almquest-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), LANDING);
  await writeFile(
    path.join(dist, 'app.html'),
    '<!doctype html><title>AlmQuest</title><div id="root"></div>',
  );
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
  await writeFile(path.join(dist, 'assets', 'big-def456.js'), BIG_SCRIPT);
  await writeFile(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  await writeFile(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
  await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(LANDING));
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

  it.each(['/', '/?utm_source=x'])(
    'answers %s with the prerendered landing page',
    async (route) => {
      const res = await request(ctx.app).get(route).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<main>Landing</main>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/profile', '/transaction/123', '/personainfo', '/anything/else'])(
    'answers the client route %s with the empty page, not the landing page',
    async (route) => {
      const res = await request(ctx.app).get(route).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain('Landing');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=0.5, br;q=1', 'br'],
  ])('sends the precompressed copy when the browser accepts %s', async (accepted, sent) => {
    const res = await request(ctx.app)
      .get('/assets/big-def456.js')
      .set('Accept-Encoding', accepted)
      .expect(200);
    expect(res.headers['content-encoding']).toBe(sent);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(BIG_SCRIPT.length / 10);
    expect(res.text).toBe(BIG_SCRIPT);
  });

  it('sends the plain file to a browser that takes no compression, or when there is no copy', async () => {
    const plain = await request(ctx.app)
      .get('/assets/big-def456.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(BIG_SCRIPT);
    const small = await request(ctx.app)
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'br')
      .expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends the landing page compressed, and no copy for a path outside the build', async () => {
    const res = await request(ctx.app)
      .get('/')
      .set('Accept', 'text/html')
      .set('Accept-Encoding', 'br')
      .expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<main>Landing</main>');
    await request(ctx.app)
      .get('/assets/..%2f..%2fetc%2fpasswd')
      .set('Accept-Encoding', 'br')
      .expect(404);
  });

  it('does not answer API routes with the page', async () => {
    const res = await request(ctx.app).get('/api/nope').set('Accept', 'text/html').expect(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers a missing asset with 404, not the page', async () => {
    await request(ctx.app).get('/assets/missing.js').set('Accept', '*/*').expect(404);
  });
});

describe('source maps', () => {
  it('are served while developing, and in production only when SERVE_SOURCE_MAPS=1', async () => {
    await request(ctx.app).get('/assets/index-abc123.js.map').expect(200);
    const production = { CLIENT_DIST: dist, NODE_ENV: 'production', ALLOW_DEV_IDP: '1' };
    const hidden = await createTestApp(production);
    const shown = await createTestApp({ ...production, SERVE_SOURCE_MAPS: '1' });
    try {
      await request(hidden.app).get('/assets/index-abc123.js.map').expect(404);
      await request(hidden.app).get('/assets/INDEX-abc123.JS.MAP').expect(404);
      for (const encoded of ['.js%2emap', '.js%2Emap', '.js.ma%70']) {
        await request(hidden.app).get(`/assets/index-abc123${encoded}`).expect(404);
      }
      await request(hidden.app).get('/assets/index-abc123.js').expect(200);
      await request(shown.app).get('/assets/index-abc123.js.map').expect(200);
    } finally {
      await hidden.close();
      await shown.close();
    }
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
