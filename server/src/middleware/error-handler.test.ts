import { ErrorBodySchema } from '@almquest/contracts/errors';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { createLogger } from '../logger';
import { errorHandler } from './error-handler';
import { validate } from './validate';

/** A small real app around the real middleware, with routes that fail in each way. */
function appWithFailingRoutes() {
  const app = express();
  const logger = createLogger('silent');
  app.use((req, _res, next) => {
    req.log = logger;
    next();
  });
  app.use(express.json());
  app.get('/boom', () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  app.get('/db-down', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  // What a transaction whose connection was lost throws: its ROLLBACK cannot be sent either.
  app.get('/db-lost-in-transaction', () => {
    throw new Error('Failed query: rollback', {
      cause: new Error('Client has encountered a connection error and is not queryable'),
    });
  });
  app.get('/slow', async (_req, res) => {
    const database = await openDatabase(
      process.env.TEST_DATABASE_URL
        ? { kind: 'postgres', url: process.env.TEST_DATABASE_URL }
        : { kind: 'pglite', dataDir: null },
    );
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 50`);
        await tx.execute(sql`select pg_sleep(2)`);
      });
      res.json({ finished: true });
    } finally {
      await database.close();
    }
  });
  app.post(
    '/things',
    validate(
      { body: z.object({ name: z.string().min(1), count: z.number().int().positive() }) },
      ({ body }, _req, res) => {
        res.status(201).json(body);
      },
    ),
  );
  app.use(errorHandler);
  return app;
}

describe('errorHandler', () => {
  const app = appWithFailingRoutes();

  it('answers an unexpected error with 500 and no internals', async () => {
    const res = await request(app).get('/boom').expect(500);
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('internal');
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
  });

  it('answers a database outage with 503 and Retry-After', async () => {
    const res = await request(app).get('/db-down').expect(503);
    expect(res.body.error.code).toBe('service_unavailable');
    expect(res.headers['retry-after']).toBe('5');
  });

  it('answers a connection lost inside a transaction with 503, though its rollback failed too', async () => {
    const res = await request(app).get('/db-lost-in-transaction').expect(503);
    expect(res.body.error.code).toBe('service_unavailable');
  });

  // PGlite runs in this process and has no timer to cancel a statement with: PostgreSQL only.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'answers a statement cancelled by its timeout with 503, not 500',
    async () => {
      const res = await request(app).get('/slow').expect(503);
      expect(res.body.error.code).toBe('service_unavailable');
      expect(res.headers['retry-after']).toBe('5');
    },
  );

  it('answers invalid fields with 400 naming each field', async () => {
    const res = await request(app).post('/things').send({ name: '', count: -2 }).expect(400);
    const body = ErrorBodySchema.parse(res.body);
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['name', 'count']);
    expect(body.error.message).toContain('name');
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await request(app)
      .post('/things')
      .set('Content-Type', 'text/plain')
      .send('name=x')
      .expect(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('passes valid input to the handler', async () => {
    await request(app).post('/things').send({ name: 'rice', count: 3 }).expect(201, {
      name: 'rice',
      count: 3,
    });
  });
});
