import { sql } from 'kysely';
import { sharedByProcesses, type Db } from './client.ts';

// The first key of the two-key advisory lock: story assignment never meets the schema, prompt or company locks.
const STORY_LOCK_SPACE = 741_852_967;

/**
 * Takes the story turn in transaction `tx`, in every process on the database: whatever reads or changes which
 * copy is a story's primary (assigning a page's articles to stories, linking them to a fetch's list) takes turns
 * with the rest until the transaction ends.
 */
export async function takeStoryTurn(tx: Db): Promise<void> {
  if (!sharedByProcesses(tx)) return;
  await sql`SELECT pg_advisory_xact_lock(${STORY_LOCK_SPACE}, 0)`.execute(tx);
}
