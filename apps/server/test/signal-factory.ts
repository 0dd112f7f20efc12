import crypto from 'node:crypto';
import type { ArticleStatus, BuyingIntent } from '@mining-hub/contract/articles';
import type { Viewer } from '@mining-hub/contract/auth';
import type { Db } from '../src/db/client.ts';
import { createServices } from '../src/services.ts';
import { APP_ORIGIN, type TestApp } from './test-app.ts';

export interface SeedContact {
  first_name: string;
  last_name: string;
  email?: string;
  job_title?: string;
  phone_number?: string;
}

/** An article as a fetch and the pipeline would have left it; analysed (summarised) unless told otherwise. */
export interface SeedSignal {
  title: string;
  status?: ArticleStatus;
  url?: string | null;
  company?: string | null;
  intent?: BuyingIntent | null;
  summary?: string;
  contacts?: SeedContact[];
  commodities?: string[];
  countries?: string[];
}

/** An admin added straight to the database (no sign-in), as the viewer the services take. */
export async function seedAdmin(db: Db, email: string): Promise<Viewer> {
  const name = email.split('@')[0] ?? email;
  const user = await createServices(db).auth.addUser({ email, name, role: 'admin', password: `password-${name}-1` });
  return { id: user.id, role: 'admin' };
}

/** A watch of `userId` with no filters (every new signal matches), as its owner would have saved it; its id. */
export async function seedWatch(db: Db, userId: number, name: string, intervalMinutes = 60): Promise<number> {
  const row = await db
    .insertInto('watches')
    .values({ user_id: userId, name, filters: '{}', interval_minutes: intervalMinutes })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ANALYSED: ReadonlySet<string> = new Set(['summarised', 'pushed_to_hubspot', 'failed_push']);

/**
 * A finished fetch session of `userId`, started at `at` (now), that found these articles (created here),
 * then the `alsoFound` ones (which exist already); returns the new articles' ids in order. The analysis
 * holds what the default prompt's schema asks for.
 */
export async function seedFetchedSignals(
  db: Db,
  userId: number,
  signals: SeedSignal[],
  { at: createdAt = new Date(), alsoFound = [] }: { at?: Date; alsoFound?: number[] } = {},
): Promise<number[]> {
  const sessionId = crypto.randomUUID();
  await db
    .insertInto('news_sessions')
    .values({ id: sessionId, user_id: userId, query: '{}', status: 'completed', created_at: createdAt })
    .execute();
  const ids: number[] = [];
  for (const [index, signal] of signals.entries()) {
    const status = signal.status ?? 'summarised';
    const analysed = ANALYSED.has(status);
    const summary = signal.summary ?? `${signal.title}: drilling planned.`;
    const intent = signal.intent === undefined ? 'High' : signal.intent;
    const analysis = {
      signal_summary: summary,
      buying_intent_score: intent,
      contact_details: signal.contacts ?? [],
      talking_points: ['Rigs for the program'],
    };
    const row = await db
      .insertInto('articles')
      .values({
        source_key: `seed:${crypto.randomUUID()}`,
        title: signal.title,
        source: 'Seed Wire',
        url: signal.url === undefined ? `https://wire.example/${encodeURIComponent(signal.title)}` : signal.url,
        company: signal.company === undefined ? `${signal.title} Corp` : signal.company,
        commodities: signal.commodities ?? ['Au'],
        countries: signal.countries ?? ['CA'],
        states: [],
        article_type: 'news',
        raw_json: '{}',
        fetched_at: createdAt,
        status,
        analysis: analysed ? JSON.stringify(analysis) : null,
        analysed_at: analysed ? createdAt : null,
        buying_intent_score: analysed ? intent : null,
        signal_summary: analysed ? summary : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('session_articles')
      .values({ session_id: sessionId, article_id: row.id, position: index + 1 })
      .execute();
    ids.push(row.id);
  }
  if (alsoFound.length > 0) {
    await db
      .insertInto('session_articles')
      .values(
        alsoFound.map((id, index) => ({ session_id: sessionId, article_id: id, position: ids.length + index + 1 })),
      )
      .execute();
  }
  return ids;
}

/** Pushes an analysed article to the CRM through the API as the user of `cookie` (the push records who). */
export async function pushAs(t: TestApp, cookie: string, articleId: number): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/hubspot/push-article',
    headers: { origin: APP_ORIGIN, cookie },
    payload: { article_id: articleId },
  });
  if (response.statusCode !== 200) throw new Error(`push failed: ${response.statusCode} ${response.body}`);
}
