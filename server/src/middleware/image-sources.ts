import type { Config } from '../config';

/**
 * The CSP source that covers a tile URL template: its origin, with a `{s}` subdomain as a
 * wildcard ("https://{s}.tile.example.org/{z}/{x}/{y}.png" -> "https://*.tile.example.org").
 * A template that is not an absolute http(s) address is on the app's own origin.
 */
export function tileSource(template: string): string | null {
  try {
    const url = new URL(template.replaceAll('{s}', 'tile-subdomain'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin.replace('tile-subdomain', '*');
  } catch {
    return null;
  }
}

/**
 * Where the pictures of signed-in people come from: Google's picture host when Google is the
 * identity provider, else the provider's own origin. The development provider gives none.
 */
export function pictureSources(signIn: Config['signIn']): string[] {
  if (signIn.kind !== 'oidc') return [];
  const issuer = new URL(signIn.issuer);
  return issuer.hostname === 'accounts.google.com'
    ? ['https://*.googleusercontent.com']
    : [issuer.origin];
}

/**
 * The CSP img-src: the app, the map's tile host and the people's picture host, nothing else, so
 * markup that slipped into a page cannot load (or send a request through) an image from
 * anywhere else. `data:` and `blob:` are the app's own drawn images (map markers, charts).
 */
export function imageSources(config: Pick<Config, 'map' | 'signIn'>): string[] {
  const tiles = tileSource(config.map.tileUrl);
  return ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...pictureSources(config.signIn)];
}
