import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { UserRecord } from './users.repository.ts';

export interface SessionWithUser {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user: Pick<UserRecord, 'id' | 'email' | 'name' | 'role' | 'disabled'>;
}

/** Server-side sessions, keyed by the SHA-256 of the cookie token. */
export function createSessionsRepository(db: Db) {
  return {
    async insert(session: { id: string; user_id: number; last_seen_at: Date; expires_at: Date }): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    async find(id: string): Promise<SessionWithUser | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.created_at',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'users.id as user_id',
          'users.email',
          'users.name',
          'users.role',
          'users.disabled',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { user_id, email, name, role, disabled, ...session } = row;
      return { ...session, user: { id: user_id, email, name, role, disabled } };
    },

    async touch(id: string, lastSeenAt: Date): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', id).execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    /** Deletes the user's sessions (but the one to keep); returns their ids. */
    async removeForUser(userId: number, keep?: string): Promise<string[]> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keep !== undefined) query = query.where('id', '<>', keep);
      const rows = await query.returning('id').execute();
      return rows.map((row) => row.id);
    },

    /** Which of these ids are sessions within their limits, of users not disabled; reads only (no touch). */
    async findValidIds(ids: string[], now: Date, idleSince: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id')
        // One array parameter, however many sockets a process holds.
        .where(sql<boolean>`sessions.id = any(${ids}::text[])`)
        .where('sessions.expires_at', '>', now)
        .where('sessions.last_seen_at', '>', idleSince)
        .where('users.disabled', '=', false)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Deletes sessions past their absolute or idle limit; returns how many. */
    async removeExpired(now: Date, idleSince: Date): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
