import { sql } from 'kysely';
import type { UserRole } from '@mining-hub/contract/auth';
import type { Db } from '../../db/client.ts';

export interface UserRecord {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  password_hash: string;
  created_at: Date;
}

/** Users table access; emails match case-insensitively. */
export function createUsersRepository(db: Db) {
  return {
    findByEmail(email: string): Promise<UserRecord | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    findById(id: number): Promise<UserRecord | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    list(): Promise<UserRecord[]> {
      return db.selectFrom('users').selectAll().orderBy('id').execute();
    },

    insert(user: { email: string; name: string; role: UserRole; password_hash: string }): Promise<UserRecord> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },

    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
