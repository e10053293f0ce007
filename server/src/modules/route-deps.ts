import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Rematcher } from '../matching/rematch';
import type { Notifier } from '../notifier';
import type { ChangeOutlets } from './packages/lifecycle/publish';
import type { PackageReads } from './packages/package-reads';

/**
 * What app.ts hands the modules' routes, by name: each routes function takes the parts it uses
 * (`Pick<RouteDeps, …>`), and anything only it needs beside them.
 */
export type RouteDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  notifier: Notifier;
  rematcher: Rematcher;
  /** Package pages kept in memory; app.ts shares them with the live events. */
  reads: PackageReads;
  /** Where a change made outside a page (a WhatsApp or SMS answer) goes, as a page's does. */
  outlets: ChangeOutlets;
};
