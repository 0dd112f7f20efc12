import { setImmediate } from 'node:timers/promises';
import type { Story, StorySource } from '@mining-hub/contract/stories';
import { htmlToText } from '../../lib/article-html.ts';
import type { Logger } from '../../logging.ts';
import {
  fingerprintRelease,
  lookupKeys,
  StoryIndex,
  type ReleaseFingerprint,
  type ReleaseInput,
} from './release-fingerprint.ts';
import type { Merge, NewStory, ReleaseRow, StoriesRepository, StorySourceRow } from './stories.repository.ts';

/** How far apart two copies' dates may be for the same normalised title to make them one release. */
const TITLE_WINDOW_MS = 4 * 86_400_000;
/** Fingerprints worked out between two turns of the event loop. */
const FINGERPRINTS_PER_TURN = 25;
/** Articles the backfill groups per transaction. */
const BACKFILL_BATCH = 500;

type Release = ReleaseInput & { fingerprint: ReleaseFingerprint };

export interface StoriesServiceDeps {
  repository: StoriesRepository;
  logger?: Logger;
}

/** What matching compares of an article: its title, its plain text, its issuer and its date. */
function releaseOf(row: ReleaseRow, fingerprint?: ReleaseFingerprint): Release {
  const text = htmlToText(row.content) ?? row.description ?? '';
  const input = { title: row.title, text };
  return {
    ...input,
    ...(row.company ? { issuer: row.company } : {}),
    publishedAt: row.published_at ?? row.fetched_at,
    fingerprint: fingerprint ?? fingerprintRelease(input),
  };
}

const sourceOf = (row: StorySourceRow): StorySource => ({
  article_id: row.article_id,
  name: row.source,
  url: row.url,
  published_at: row.published_at?.toISOString() ?? null,
});

/** Stories: which release each stored article is a copy of, and every copy of a release. */
export function createStoriesService(deps: StoriesServiceDeps) {
  const { repository } = deps;

  /**
   * Gives each article a story: the story of a stored release it is a copy of (candidates by band key, or by
   * normalised title within a few days, confirmed by isSameRelease), else a new story of its own. Returns each
   * article's primary article. Copies merged into a story fold into its primary (foldCopies).
   */
  async function assignRows(rows: ReleaseRow[]): Promise<Map<number, number>> {
    // Fingerprints are worked out before the lock: only the look-ups and writes take turns. About 2 ms each,
    // so the event loop gets a turn every few dozen (a backfill batch would otherwise hold it for a second).
    const prepared: { id: number; release: Release }[] = [];
    for (const row of rows) {
      if (prepared.length % FINGERPRINTS_PER_TURN === FINGERPRINTS_PER_TURN - 1) await setImmediate();
      prepared.push({ id: row.id, release: releaseOf(row) });
    }
    return repository.inTurn(async (tx) => {
      const primaryOf = new Map<number, number>();
      const known = await tx.storiesOf(prepared.map(({ id }) => id));
      for (const [articleId, { primaryId }] of known) primaryOf.set(articleId, primaryId);
      // The earliest copy first, so it is the one that becomes a new story's primary.
      const pending = prepared
        .filter(({ id }) => !known.has(id))
        .sort((a, b) => a.release.publishedAt.getTime() - b.release.publishedAt.getTime() || a.id - b.id);
      if (pending.length === 0) return primaryOf;

      const times = pending.map(({ release }) => release.publishedAt.getTime());
      const candidates = await tx.candidates(
        [...new Set(pending.flatMap(({ release }) => lookupKeys(release.fingerprint)))],
        [...new Set(pending.map(({ release }) => release.fingerprint.titleKey))],
        new Date(Math.min(...times) - TITLE_WINDOW_MS),
        new Date(Math.max(...times) + TITLE_WINDOW_MS),
      );
      const index = new StoryIndex();
      // Index keys: `s<story id>` for stored stories, `n<article id>` for the ones this call creates.
      const primaryOfKey = new Map<string, number>();
      const storyOfKey = new Map<string, number>();
      const primaryTimeOfKey = new Map<string, number>();
      for (const candidate of candidates) {
        const key = `s${candidate.story_id}`;
        const release = releaseOf(candidate, candidate.fingerprint);
        index.add(key, release);
        primaryOfKey.set(key, candidate.id);
        storyOfKey.set(key, candidate.story_id);
        primaryTimeOfKey.set(key, release.publishedAt.getTime());
      }
      const created: NewStory[] = [];
      const joined: { articleId: number; key: string }[] = [];
      // Per stored story, the earliest copy of this call dated before its primary (pending is in date order).
      const earlier = new Map<string, number>();
      for (const { id, release } of pending) {
        let key = index.findStory(release);
        if (key === undefined) {
          key = `n${id}`;
          index.add(key, release);
          primaryOfKey.set(key, id);
          created.push({
            primaryArticleId: id,
            fingerprint: release.fingerprint,
            issuer: release.issuer ?? null,
            publishedAt: release.publishedAt,
          });
        } else if (
          !earlier.has(key) &&
          release.publishedAt.getTime() < (primaryTimeOfKey.get(key) ?? Number.NEGATIVE_INFINITY)
        ) {
          earlier.set(key, id);
        }
        joined.push({ articleId: id, key });
      }
      // The primary is the earliest copy: an earlier one arriving later takes over while the pipeline has not
      // touched the story yet (afterwards the story's work stays where it is).
      const merges: Merge[] = [];
      for (const [key, articleId] of earlier) {
        const storyId = storyOfKey.get(key);
        const previous = primaryOfKey.get(key);
        if (storyId === undefined || previous === undefined) continue;
        if (!(await tx.switchPrimary(storyId, previous, articleId))) continue;
        primaryOfKey.set(key, articleId);
        merges.push({ copyId: previous, primaryId: articleId });
        for (const [knownId, story] of known) {
          if (story.storyId === storyId) primaryOf.set(knownId, articleId);
        }
      }
      for (const { articleId, key } of joined) primaryOf.set(articleId, primaryOfKey.get(key) ?? articleId);
      for (const [primaryId, storyId] of await tx.createStories(created)) storyOfKey.set(`n${primaryId}`, storyId);
      await tx.setStories(
        joined.flatMap(({ articleId, key }) => {
          const storyId = storyOfKey.get(key);
          return storyId === undefined ? [] : [{ articleId, storyId }];
        }),
      );
      for (const { articleId } of joined) {
        const primaryId = primaryOf.get(articleId) ?? articleId;
        if (primaryId !== articleId) merges.push({ copyId: articleId, primaryId });
      }
      await tx.touch([...new Set(merges.map(({ primaryId }) => primaryId))]);
      await tx.foldCopies(merges);
      return primaryOf;
    });
  }

  return {
    /** Gives each stored article its story; answers each one's primary article (itself when it is new). */
    async assign(articleIds: number[]): Promise<Map<number, number>> {
      return assignRows(await repository.releases([...new Set(articleIds)]));
    },

    /** The same for articles just stored, as they were stored (a fetch's page: nothing to read back). */
    async assignStored(rows: ReleaseRow[]): Promise<Map<number, number>> {
      return assignRows([...new Map(rows.map((row) => [row.id, row])).values()]);
    },

    /** The primary article of each article's story; an article not yet in a story stands for itself. */
    async primaryOf(articleIds: number[]): Promise<Map<number, number>> {
      const unique = [...new Set(articleIds)];
      const result = new Map<number, number>();
      // In slices: a fetch's whole haul is asked about at its end, and a statement takes 65,535 parameters.
      for (let start = 0; start < unique.length; start += 10_000) {
        const slice = unique.slice(start, start + 10_000);
        const stories = await repository.storiesOf(slice);
        for (const id of slice) result.set(id, stories.get(id)?.primaryId ?? id);
      }
      return result;
    },

    /** The story of each of these articles that has one, with every source. */
    async storiesOf(articleIds: number[]): Promise<Map<number, Story>> {
      const result = new Map<number, Story>();
      for (const row of await repository.sourcesOfArticles([...new Set(articleIds)])) {
        let story = result.get(row.for_article_id);
        if (!story) {
          story = { id: row.story_id, primary_article_id: row.primary_article_id, sources: [] };
          result.set(row.for_article_id, story);
        }
        story.sources.push(sourceOf(row));
      }
      return result;
    },

    /** These stories with every source, the primary first. */
    async stories(storyIds: number[]): Promise<Map<number, Story>> {
      const stories = new Map<number, Story>();
      for (const row of await repository.sources(storyIds)) {
        let story = stories.get(row.story_id);
        if (!story) {
          story = { id: row.story_id, primary_article_id: row.primary_article_id, sources: [] };
          stories.set(row.story_id, story);
        }
        story.sources.push(sourceOf(row));
      }
      return stories;
    },

    /**
     * Groups the articles stored before stories existed (or left unassigned by a crash), a batch per
     * transaction, oldest first, until none is left or `signal` aborts: resumable (each batch commits on its
     * own) and idempotent (an assigned article is never looked at again). Answers how many it assigned.
     */
    async backfill(options: { signal?: AbortSignal; batchSize?: number } = {}): Promise<number> {
      let assigned = 0;
      while (!options.signal?.aborted) {
        const rows = await repository.unassigned(options.batchSize ?? BACKFILL_BATCH);
        if (rows.length === 0) break;
        await assignRows(rows);
        assigned += rows.length;
      }
      if (assigned > 0) deps.logger?.info(`stories: grouped ${assigned} articles stored before stories`);
      return assigned;
    },
  };
}
export type StoriesService = ReturnType<typeof createStoriesService>;
