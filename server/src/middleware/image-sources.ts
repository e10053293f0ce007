import type { Config } from '../config';

/**
 * The CSP source that covers a tile URL template: its origin, with a `{s}` subdomain as a
 * wildcard ("https://{s}.tile.example.org/{z}/{x}/{y}.png", "https://mt{s}.example.com/…" ->
 * "https://*.tile.example.org", "https://*.example.com"); a protocol-relative template is taken
 * as https. Null for a template on the app's own origin (a path) or one CSP cannot express.
 */
export function tileSource(template: string): string | null {
  const absolute = template.startsWith('//') ? `https:${template}` : template;
  let url: URL;
  try {
    url = new URL(absolute.replaceAll('{s}', 'tile-subdomain'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const [first, ...rest] = url.host.split('.');
  if (rest.some((label) => label.includes('tile-subdomain'))) return null;
  const host = first?.includes('tile-subdomain') ? ['*', ...rest].join('.') : url.host;
  return `${url.protocol}//${host}`;
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
