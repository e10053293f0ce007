import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from './geometry';
import { meetRoute } from './routes';

/**
 * OSRM cannot be installed here, so a local HTTP server speaks its route API (the documented
 * response shape) and records what it was asked.
 */
const asked: string[] = [];
let mode: 'ok' | 'error' | 'garbage' = 'ok';
const server = createServer((req: IncomingMessage, res) => {
  asked.push(req.url ?? '');
  if (mode === 'error') {
    res.writeHead(500).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(
    mode === 'garbage'
      ? '{"code":"NoRoute"}'
      : JSON.stringify({
          code: 'Ok',
          routes: [
            {
              distance: 5230.4,
              geometry: {
                type: 'LineString',
                coordinates: [
                  [77.2, 28.6],
                  [77.21, 28.61],
                  [77.22, 28.63],
                ],
              },
            },
          ],
        }),
  );
});
let osrmUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  osrmUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('meetRoute', () => {
  const from: [number, number] = [28.6, 77.2];
  const to: [number, number] = [28.63, 77.22];

  it('draws a straight line with its length when no OSRM is configured', async () => {
    const route = await meetRoute(null, from, to);
    expect(route).toEqual({
      kind: 'straight',
      from,
      to,
      points: [from, to],
      distanceKm: distanceKm(from, to),
    });
  });

  it('asks OSRM for the road (lng,lat order) and turns its answer into lat,lng points', async () => {
    mode = 'ok';
    const route = await meetRoute(osrmUrl, from, to);
    expect(asked.at(-1)).toBe(
      '/route/v1/driving/77.2,28.6;77.22,28.63?overview=full&geometries=geojson',
    );
    expect(route.kind).toBe('road');
    expect(route.distanceKm).toBeCloseTo(5.2304, 4);
    expect(route.points).toEqual([
      [28.6, 77.2],
      [28.61, 77.21],
      [28.63, 77.22],
    ]);
  });

  it.each(['error', 'garbage'] as const)(
    'falls back to the straight line when OSRM answers %s',
    async (m) => {
      mode = m;
      expect((await meetRoute(osrmUrl, from, to)).kind).toBe('straight');
    },
  );

  it('falls back to the straight line when OSRM is unreachable', async () => {
    expect((await meetRoute('http://127.0.0.1:1', from, to)).kind).toBe('straight');
  });
});
