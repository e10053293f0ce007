import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Google's APIs are out of reach here, so a local HTTP server answers in their documented shapes
 * and records what it was asked (and can fail, to prove the gazetteer takes over).
 */
const asked: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let isFailing = false;
const fakeGoogle = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    asked.push({
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    if (isFailing) return void res.writeHead(500).end();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (req.url?.startsWith('/v1/places:searchText')) {
      res.end(
        JSON.stringify({
          places: [
            {
              id: 'ChIJ-cp',
              displayName: { text: 'Connaught Place' },
              formattedAddress: 'Connaught Place, New Delhi, Delhi 110001, India',
              location: { latitude: 28.6315, longitude: 77.2167 },
            },
            {
              id: 'ChIJ-abroad',
              displayName: { text: 'Connaught Street' },
              formattedAddress: 'London, UK',
              location: { latitude: 51.5, longitude: -0.16 },
            },
          ],
        }),
      );
    } else {
      res.end(
        JSON.stringify({
          status: 'OK',
          results: [
            {
              place_id: 'ChIJ-kb',
              formatted_address: 'Karol Bagh, New Delhi, Delhi 110005, India',
            },
          ],
        }),
      );
    }
  });
});

let ctx: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => fakeGoogle.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(fakeGoogle.address() as AddressInfo).port}`;
  ctx = await createTestApp({
    GOOGLE_MAPS_API_KEY: 'server-key',
    GOOGLE_PLACES_API_URL: url,
    GOOGLE_GEOCODE_API_URL: url,
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => fakeGoogle.close(() => resolve()));
});

describe('place search with Google', () => {
  it('asks Google, restricted to India, with the key on the server only', async () => {
    isFailing = false;
    const res = await request(ctx.app).get('/api/places?q=Connaught').expect(200);
    expect(res.body.places).toEqual([
      expect.objectContaining({
        name: 'Connaught Place',
        address: 'Connaught Place, New Delhi, Delhi 110001, India',
        coordinates: [28.6315, 77.2167],
      }),
    ]);
    const call = asked.find((a) => a.url.startsWith('/v1/places:searchText'))!;
    expect(call.headers['x-goog-api-key']).toBe('server-key');
    expect(call.headers['x-goog-fieldmask']).toContain('places.location');
    expect(JSON.parse(call.body)).toMatchObject({
      textQuery: 'Connaught',
      regionCode: 'IN',
      locationRestriction: { rectangle: expect.any(Object) },
    });
    const config = await request(ctx.app).get('/api/config');
    expect(config.body.providers.places).toBe('google');
    expect(JSON.stringify(config.body)).not.toContain('server-key');
  });

  it('names a point with Google’s reverse geocoding', async () => {
    isFailing = false;
    const res = await request(ctx.app).get('/api/places/reverse?lat=28.65&lng=77.19').expect(200);
    expect(res.body.place).toMatchObject({
      address: 'Karol Bagh, New Delhi, Delhi 110005, India',
      coordinates: [28.65, 77.19],
    });
    expect(asked.at(-1)?.url).toContain('latlng=28.65,77.19');
  });

  it('falls back to the gazetteer when Google fails', async () => {
    isFailing = true;
    const res = await request(ctx.app).get('/api/places?q=Connaught').expect(200);
    expect(res.body.places[0]).toMatchObject({
      name: 'Connaught Place',
      district: 'Central Delhi',
      pin: '110001',
    });
    const reverse = await request(ctx.app)
      .get('/api/places/reverse?lat=28.65&lng=77.19')
      .expect(200);
    expect(reverse.body.place.district).toMatch(/Delhi/);
  });
});
