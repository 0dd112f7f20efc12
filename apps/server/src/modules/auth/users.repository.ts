import { sql } from 'kysely';
import type { LandingPage, UserRole } from '@mining-hub/contract/auth';
import type { Db } from '../../db/client.ts';

export interface UserRecord {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  password_hash: string;
  created_at: Date;
  disabled: boolean;
  last_sign_in_at: Date | null;
}

export interface UserChanges {
  name?: string | undefined;
  role?: UserRole | undefined;
  disabled?: boolean | undefined;
}

export type UpdateOutcome =
  { kind: 'updated'; before: UserRecord; after: UserRecord } | { kind: 'not_found' } | { kind: 'last_admin' };

// Serialises first-user creation across processes (any fixed number, apart from the other advisory locks).
const FIRST_USER_LOCK_ID = 741_852_965;

const isActiveAdmin = (user: Pick<UserRecord, 'role' | 'disabled'>) => user.role === 'admin' && !user.disabled;

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

    /** Inserts the user; `inTransaction` runs in the same transaction (the audit entry). */
    insert(
      user: { email: string; name: string; role: UserRole; password_hash: string },
      inTransaction?: (trx: Db, created: UserRecord) => Promise<void>,
    ): Promise<UserRecord> {
      return db.transaction().execute(async (trx) => {
        const created = await trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
        await inTransaction?.(trx, created);
        return created;
      });
    },

    /**
     * Inserts the user only while there is no user at all, and says whether it did: processes starting
     * together on an empty database each try, and exactly one creates the first admin, without an error.
     */
    insertFirst(
      user: { email: string; name: string; role: UserRole; password_hash: string },
      inTransaction?: (trx: Db, created: UserRecord) => Promise<void>,
    ): Promise<UserRecord | undefined> {
      return db.transaction().execute(async (trx) => {
        // Starters take turns here; each statement then sees the users the one before committed.
        await sql`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK_ID})`.execute(trx);
        const created = await trx
          .insertInto('users')
          .columns(['email', 'name', 'role', 'password_hash'])
          .expression(
            trx
              .selectNoFrom((eb) => [
                eb.val(user.email).as('email'),
                eb.val(user.name).as('name'),
                eb.val(user.role).as('role'),
                eb.val(user.password_hash).as('password_hash'),
              ])
              .where((eb) => eb.not(eb.exists(eb.selectFrom('users').select('id')))),
          )
          .onConflict((oc) => oc.doNothing())
          .returningAll()
          .executeTakeFirst();
        if (created) await inTransaction?.(trx, created);
        return created;
      });
    },

    /** Sets the hash; `inTransaction` runs in the same transaction. False when there is no such user. */
    setPasswordHash(id: number, passwordHash: string, inTransaction?: (trx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', id)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await inTransaction?.(trx);
        return true;
      });
    },

    /** The screen the user chose to land on after sign-in (null: their role's default). */
    async landingPage(id: number): Promise<LandingPage | null> {
      const row = await db.selectFrom('users').select('landing_page').where('id', '=', id).executeTakeFirst();
      return row?.landing_page ?? null;
    },

    async setLandingPage(id: number, page: LandingPage | null): Promise<void> {
      await db.updateTable('users').set({ landing_page: page }).where('id', '=', id).execute();
    },

    async markSignedIn(id: number, at: Date): Promise<void> {
      await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
    },

    /**
     * Changes name, role or disabled, refusing a change that would leave no active admin. Race-safe: the
     * active admins and the user are locked (in id order, so two changes cannot deadlock) before the
     * check, so two admins demoting each other at once leave one admin. `inTransaction` runs in the same
     * transaction once the row is updated (the audit entries).
     */
    update(
      id: number,
      changes: UserChanges,
      inTransaction?: (trx: Db, before: UserRecord, after: UserRecord) => Promise<void>,
    ): Promise<UpdateOutcome> {
      return db.transaction().execute(async (trx): Promise<UpdateOutcome> => {
        const locked = await lockUserAndActiveAdmins(trx, id);
        const before = locked.find((user) => user.id === id);
        if (!before) return { kind: 'not_found' };
        const next = { ...before, ...definedOnly(changes) };
        const othersActiveAdmins = locked.filter((user) => user.id !== id && isActiveAdmin(user));
        if (isActiveAdmin(before) && !isActiveAdmin(next) && othersActiveAdmins.length === 0) {
          return { kind: 'last_admin' };
        }
        const after = await trx
          .updateTable('users')
          .set({ name: next.name, role: next.role, disabled: next.disabled })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await inTransaction?.(trx, before, after);
        return { kind: 'updated', before, after };
      });
    },

    /** Deletes the user unless they are the last active admin (locked as in `update`). */
    remove(id: number): Promise<'removed' | 'not_found' | 'last_admin'> {
      return db.transaction().execute(async (trx) => {
        const locked = await lockUserAndActiveAdmins(trx, id);
        const user = locked.find((row) => row.id === id);
        if (!user) return 'not_found';
        if (isActiveAdmin(user) && !locked.some((row) => row.id !== id && isActiveAdmin(row))) return 'last_admin';
        await trx.deleteFrom('users').where('id', '=', id).execute();
        return 'removed';
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** Locks (in id order, so two callers cannot deadlock) the user and every active admin; returns them. */
function lockUserAndActiveAdmins(trx: Db, id: number): Promise<UserRecord[]> {
  return trx
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb.and([eb('role', '=', 'admin'), eb('disabled', '=', false)])]))
    .orderBy('id')
    .forUpdate()
    .execute();
}

function definedOnly(changes: UserChanges): Partial<Pick<UserRecord, 'name' | 'role' | 'disabled'>> {
  return {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.role !== undefined && { role: changes.role }),
    ...(changes.disabled !== undefined && { disabled: changes.disabled }),
  };
}
