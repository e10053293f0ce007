import { type SiteContent, SiteContentSchema, EMPTY_SITE_CONTENT } from '@almquest/contracts/site';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { appState } from '../../db/schema';

const SITE_CONTENT_KEY = 'site_content';

/**
 * The landing page's own sections as the operator (or the demo seed) last saved them; empty until
 * then. What is stored was checked when saved, and is checked again here: a row edited by hand
 * that no longer fits is left out (and said in the log) rather than shown.
 */
export async function readSiteContent(
  db: AppDb,
  onInvalid: (error: unknown) => void = () => {},
): Promise<SiteContent> {
  const [row] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, SITE_CONTENT_KEY));
  if (!row) return EMPTY_SITE_CONTENT;
  try {
    return SiteContentSchema.parse(JSON.parse(row.value));
  } catch (error) {
    onInvalid(error);
    return EMPTY_SITE_CONTENT;
  }
}

/** Replaces the landing page's own sections (checked against SiteContentSchema first). */
export async function saveSiteContent(db: AppDb, content: unknown): Promise<SiteContent> {
  const checked = SiteContentSchema.parse(content);
  const value = JSON.stringify(checked);
  await db
    .insert(appState)
    .values({ key: SITE_CONTENT_KEY, value })
    .onConflictDoUpdate({ target: appState.key, set: { value } });
  return checked;
}
