import type { Express } from 'express';

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  /** Express 5 (router 2): whether this layer answers a path. */
  match?: (path: string) => boolean;
};

/** Every route of the API router (mounted at /api) as "METHOD /path", read from Express itself. */
export function listApiRoutes(app: Express): string[] {
  const top = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  // The router mounted at /api: it answers /api/… and nothing outside it.
  const api = top.find(
    (layer) => layer.handle?.stack && layer.match?.('/api/x') && !layer.match('/x'),
  );
  if (!api?.handle?.stack) throw new Error('no router is mounted at /api');
  const found = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, isOn] of Object.entries(layer.route.methods)) {
          if (isOn && method !== '_all') found.add(`${method.toUpperCase()} ${layer.route.path}`);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk(api.handle.stack);
  return [...found].sort();
}
