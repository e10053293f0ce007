import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built client: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any other GET that wants HTML gets index.html so client routes work on reload.
 */
export function clientRoutes(clientDist: string): Router {
  const router = Router();
  const indexFile = path.join(clientDist, 'index.html');

  router.use(
    express.static(clientDist, {
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(clientDist, 'assets') + path.sep);
        res.setHeader(
          'Cache-Control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );

  router.get(/.*/, (req, res, next) => {
    // A missing file (it has an extension, or lives under /assets) is a 404, not the page.
    if (req.path.startsWith('/assets/') || path.extname(req.path) !== '') return next();
    if (!req.accepts('html')) return next();
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .send('The web client has not been built yet. Run `npm run build`, then reload.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });

  return router;
}

/**
 * CSP hashes of the inline scripts in the built index.html (the theme script), so they may run
 * while every other inline script stays forbidden.
 */
export function inlineScriptHashes(clientDist: string): string[] {
  const indexFile = path.join(clientDist, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}
