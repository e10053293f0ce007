import { PackageResponseSchema } from '@almquest/contracts/packages';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPackage } from '../test/data';
import { api, ApiError, failureAlert, setTransport } from './api-client';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function answerWith(status: number, data: unknown) {
  restore = setTransport(() => Promise.resolve({ status, data }));
}

describe('api client', () => {
  it('reads an answer through its schema', async () => {
    const pkg = buildPackage('Paired');
    answerWith(200, { package: pkg });
    expect(await api.get('/package/x', PackageResponseSchema)).toEqual({ package: pkg });
  });

  it('refuses an answer that does not match its schema, never handing it on half-read', async () => {
    answerWith(200, { package: { ...buildPackage('Paired'), quantity: 'twelve' } });
    const error = await api.get('/package/x', PackageResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'unexpected_answer' });
  });

  it("turns the server's error body into an ApiError with its fields", async () => {
    answerWith(400, {
      error: {
        code: 'validation_failed',
        message: 'Check the form',
        fields: { quantity: 'Too many' },
      },
    });
    const error = await api
      .post('/donor/donate', {}, PackageResponseSchema)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { quantity: 'Too many' },
    });
  });

  it('refuses a change while offline at once, sending nothing, and still reads', async () => {
    let sent = 0;
    restore = setTransport(() => {
      sent += 1;
      return Promise.resolve({ status: 200, data: { package: buildPackage('Paired') } });
    });
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const error = await api
        .post('/donor/donate', {}, PackageResponseSchema)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 0, code: 'offline' });
      expect(sent).toBe(0);
      await api.get('/package/x', PackageResponseSchema);
      expect(sent).toBe(1);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });

  it('never says a change that set out was unsent, even if the connection is gone by its end', async () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    let isOnline = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
    // Sent and done on the server; the answer is lost as the phone goes offline.
    restore = setTransport(() => {
      isOnline = false;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    try {
      const change = await api
        .post('/donor/donate', {}, PackageResponseSchema)
        .catch((e: unknown) => e);
      expect(change).toMatchObject({ status: 0, code: 'unconfirmed' });
      expect((change as Error).message).toMatch(/cannot tell whether this was saved/);
      isOnline = true;
      const read = await api.get('/package/x', PackageResponseSchema).catch((e: unknown) => e);
      expect(read).toMatchObject({ code: 'network' });
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });

  it('never titles a change whose answer was lost as not done', () => {
    const said = (e: unknown) => `said ${(e as { code: string }).code}`;
    const lost = new ApiError(0, 'unconfirmed', 'dropped');
    expect(failureAlert('Your package was not donated', lost, said)).toEqual({
      type: 'warning',
      title: 'said unconfirmed_title',
      msg: 'said unconfirmed',
    });
    const refused = new ApiError(409, 'conflict', 'no');
    expect(failureAlert('Your package was not donated', refused, said).title).toBe(
      'Your package was not donated',
    );
  });
});
