import crypto from 'node:crypto';
import { sql } from 'kysely';
import pLimit, { type LimitFunction } from 'p-limit';
import { sharedByProcesses, type Db } from '../../db/client.ts';
import { keyedLock, type KeyedLock } from '../../lib/keyed-lock.ts';

/** Runs work holding the lock of one CRM company key, in every process on the database. */
export type CompanyLock = <T>(companyKey: string, work: () => Promise<T>) => Promise<T>;

// The first key of the two-key advisory lock: company locks never meet the schema or prompt locks.
const COMPANY_LOCK_SPACE = 741_852_966;
// Each database lock pins a pooled connection while the CRM answers; a few at a time leave the pool
// (10 connections) to the work itself, so holders never wait on a connection another holder keeps.
const MAX_DATABASE_LOCKS = 4;

// One per database handle, so every repository of one process shares it.
const processLocks = new WeakMap<Db, { keyed: KeyedLock; holders: LimitFunction }>();

/**
 * Pushes of one company take turns, so only the first creates it in the CRM. Within a process a queue per
 * key; across processes a PostgreSQL advisory lock on a hash of the key, held in a transaction of its own
 * (released by COMMIT, or by the server when a worker dies). A database of one connection (PGlite) has one
 * process, and the queue is the whole lock: its advisory locks are re-entrant within that one session.
 */
export function createCompanyLock(db: Db): CompanyLock {
  let locks = processLocks.get(db);
  if (!locks) {
    locks = { keyed: keyedLock(), holders: pLimit(MAX_DATABASE_LOCKS) };
    processLocks.set(db, locks);
  }
  const { keyed, holders } = locks;
  const acrossProcesses = sharedByProcesses(db);
  return (companyKey, work) =>
    keyed(companyKey, () => {
      if (!acrossProcesses) return work();
      return holders(() =>
        db.transaction().execute(async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(${COMPANY_LOCK_SPACE}, ${keyHash(companyKey)})`.execute(trx);
          return work();
        }),
      );
    });
}

/** A 32-bit hash of the key; two companies sharing one only take turns needlessly. */
function keyHash(companyKey: string): number {
  return crypto.createHash('sha256').update(companyKey).digest().readInt32BE(0);
}
