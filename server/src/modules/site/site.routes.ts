import type { SiteContent } from '@almquest/contracts/site';
import { Router } from 'express';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { readSiteContent } from './site.service';

/** How long a process answers from its last read: the content changes rarely, by a command. */
const KEEP_MS = 30_000;

/** GET /api/site: the landing page's own sections. Public, read by every first visit. */
export function siteRoutes({ database, logger }: { database: Database; logger: Logger }): Router {
  const router = Router();
  let kept: { content: SiteContent; until: number } | null = null;
  router.get('/site', async (_req, res) => {
    if (!kept || kept.until < Date.now()) {
      const content = await readSiteContent(database.db, (err) =>
        logger.warn({ err }, 'the stored site content does not fit its schema; none is shown'),
      );
      kept = { content, until: Date.now() + KEEP_MS };
    }
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(kept.content);
  });
  return router;
}
