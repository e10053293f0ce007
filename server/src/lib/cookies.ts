import type { Request, Response } from 'express';

/** Reads one cookie from the request header (Express does not parse cookies by itself). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export type CookieOptions = { maxAgeMs: number; path?: string; isSecure: boolean };

/** httpOnly, SameSite=Lax cookies only: scripts never see them, other sites never send them. */
export function setCookie(res: Response, name: string, value: string, options: CookieOptions) {
  res.cookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.isSecure,
    path: options.path ?? '/',
    maxAge: options.maxAgeMs,
  });
}

export function clearCookie(
  res: Response,
  name: string,
  options: { path?: string; isSecure: boolean },
) {
  res.clearCookie(name, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.isSecure,
    path: options.path ?? '/',
  });
}
