import type { FullConfig } from '@playwright/test';

/** Waits until the place list has loaded (first start), since journeys pick places. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL ?? '';
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseURL}/api/places?q=Delhi`).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('place search never became ready');
}
