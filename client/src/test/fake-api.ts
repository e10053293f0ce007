import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach } from 'vitest';
import { api } from '../lib/api-client';

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown };

/**
 * Component tests stop at the HTTP boundary: this answers the client's API calls with what a
 * test says the server would answer, and records every call. (The server's side of each call is
 * tested for real in server/.)
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; data: unknown }[] = [];
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    calls.push({
      method: config.method?.toUpperCase() ?? '',
      url: config.url ?? '',
      data: config.data,
    });
    const handler = routes[key];
    const { status, data } = handler
      ? handler(config)
      : { status: 404, data: { error: { code: 'not_found', message: `No fake for ${key}` } } };
    const response = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 400) {
      const error = Object.assign(new Error(`Request failed with status code ${status}`), {
        isAxiosError: true,
        response,
        config,
      });
      throw error;
    }
    return response;
  };
  api.defaults.adapter = adapter;
  afterEach(() => {
    api.defaults.adapter = original;
  });
  return { calls };
}
