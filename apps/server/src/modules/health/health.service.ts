import { sql } from 'kysely';
import type { BrowserHealth, DependencyState } from '@mining-hub/contract/common';
import { findChromium } from '../../adapters/chromium.ts';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/database-outage.ts';

const BROWSER_LOOK_MAX_AGE_MS = 5000;

/** Whether the process can serve: today, whether its database answers. */
export function createHealthService(db: Db, options: { chromiumPath: string }) {
  // /health is polled by every open page and is the benchmarks' baseline: look at the file at most every 5 s.
  let browserLook: { at: number; result: Promise<BrowserHealth> } | undefined;
  return {
    /**
     * 'up' when the database answers, else 'down'; `unexpected` holds the error when it failed for another
     * reason than an outage (a wrong password, a missing database), which is worth logging.
     */
    async databaseState(): Promise<{ state: DependencyState; unexpected?: unknown }> {
      try {
        await sql`SELECT 1`.execute(db);
        return { state: 'up' };
      } catch (error) {
        return isDatabaseUnavailable(error) ? { state: 'down' } : { state: 'down', unexpected: error };
      }
    },

    /** The scraper's browser (CHROMIUM_PATH): missing only means pages that need a script are skipped. */
    checkBrowser(): Promise<BrowserHealth> {
      if (!browserLook || Date.now() - browserLook.at > BROWSER_LOOK_MAX_AGE_MS) {
        browserLook = { at: Date.now(), result: findChromium(options.chromiumPath) };
      }
      return browserLook.result;
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
