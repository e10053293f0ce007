import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response, Router } from 'express';

/** Hashed build output may be cached for ever; everything else is revalidated. */
function cacheControlFor(clientDist: string, filePath: string): string {
  const isHashedAsset = filePath.startsWith(path.join(clientDist, 'assets') + path.sep);
  return isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;

/**
 * Sends the Brotli or gzip copy the build wrote next to a file (client/scripts/compress.mjs) when
 * the browser takes that encoding; returns false when there is none, so the caller sends the file.
 */
function sendPrecompressed(
  req: Request,
  res: Response,
  next: NextFunction,
  clientDist: string,
  filePath: string,
): boolean {
  res.vary('Accept-Encoding');
  const encoding = req.acceptsEncodings('br', 'gzip');
  if (encoding !== 'br' && encoding !== 'gzip') return false;
  const compressed = filePath + PRECOMPRESSED[encoding];
  if (!existsSync(compressed)) return false;
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Cache-Control', cacheControlFor(clientDist, filePath));
  res.type(path.extname(filePath));
  res.sendFile(compressed, (err) => {
    if (err) next(err);
  });
  return true;
}

/**
 * Serves the built client, compressed when the build left compressed copies. `/` gets index.html
 * (the landing page prerendered at build time); any other GET that wants HTML gets the empty page
 * app.html, so client routes work on reload without first showing the landing page.
 */
/** Whether a request path names a .map file once decoded (`.js%2emap` is one too). */
function isSourceMapPath(rawPath: string): boolean {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // not decodable: the file server will not find it either
  }
  return decoded.toLowerCase().endsWith('.map') || rawPath.toLowerCase().endsWith('.map');
}

export function clientRoutes(
  clientDist: string,
  { serveSourceMaps = true }: { serveSourceMaps?: boolean } = {},
): Router {
  const router = Router();
  const root = path.resolve(clientDist);
  const indexFile = path.join(root, 'index.html');
  const shellFile = path.join(root, 'app.html');

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Source maps give the whole client source away; production keeps them unless asked.
    if (!serveSourceMaps && isSourceMapPath(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    let filePath: string;
    try {
      filePath = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!filePath.startsWith(root + path.sep) || path.extname(filePath) === '') return next();
    if (!sendPrecompressed(req, res, next, root, filePath)) next();
  });

  router.use(
    express.static(root, {
      index: false,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', cacheControlFor(root, filePath));
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
    const page = req.path === '/' || !existsSync(shellFile) ? indexFile : shellFile;
    if (sendPrecompressed(req, res, next, root, page)) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(page);
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
