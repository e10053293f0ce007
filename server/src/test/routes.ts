import type { Express, Router } from 'express';

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

/** Every route of the API router as "METHOD /path", read from Express itself. */
export function listApiRoutes(app: Express): string[] {
  const api = app.locals.api as Router & { stack: Layer[] };
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
  walk(api.stack);
  return [...found].sort();
}
