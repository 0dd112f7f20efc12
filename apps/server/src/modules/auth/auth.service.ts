import crypto from 'node:crypto';
import {
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  type User,
  type UserRole,
} from '@mining-hub/contract/auth';
import { AppError, conflict, notFound, tooManyRequests, unauthenticated } from '../../errors.ts';
import { nullLiveBus, type LiveBus } from '../../live/live-bus.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { SessionCache } from './session-cache.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 5,
};

// last_seen_at is written at most this often, so reading a session costs no write on most requests.
const TOUCH_INTERVAL_MS = 60 * 1000;
// How long another API process may keep honouring a session signed out elsewhere.
export const SESSION_CACHE_TTL_MS = 5 * 1000;

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  throttle: LoginThrottleRepository;
  /** Carries ended sessions to every process (their sockets close, their caches forget them). */
  bus?: Pick<LiveBus, 'endSessions' | 'onSessionsEnded'>;
  now?: () => Date;
}

export interface SignedIn {
  user: User;
  /** The secret for the cookie; only its hash is stored. */
  token: string;
}

const toUser = (record: Pick<UserRecord, 'id' | 'email' | 'name' | 'role'>): User => ({
  id: record.id,
  email: record.email,
  name: record.name,
  role: record.role,
});

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Sign-in, sessions and user management. */
export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const cache = new SessionCache(SESSION_CACHE_TTL_MS);
  const bus = deps.bus ?? nullLiveBus;
  // Sessions ended on another process are forgotten here at once, not after the cache's TTL.
  bus.onSessionsEnded((ended) => {
    if ('userId' in ended) cache.deleteUser(ended.userId);
    else for (const id of ended.sessionIds) cache.delete(id);
  });

  /**
   * Takes one sign-in attempt for each key, in the database before any password is checked, so that
   * a parallel burst or several API processes cannot get more checks than the limit between them.
   * Throws 429 when a key is over its limit (the right password included) and keeps the keys taken.
   */
  async function takeAttempts(keys: { key: string; limit: number }[]): Promise<void> {
    const current = now();
    const windowStartedAfter = new Date(current.getTime() - LOGIN_THROTTLE.windowMs);
    for (const { key, limit } of keys) {
      const { attempts, window_started_at } = await deps.throttle.takeAttempt(key, current, windowStartedAfter);
      if (attempts <= limit) continue;
      const windowEnd = window_started_at.getTime() + LOGIN_THROTTLE.windowMs;
      const waitSeconds = Math.max(1, Math.ceil((windowEnd - current.getTime()) / 1000));
      throw tooManyRequests(
        `Too many failed sign-in attempts. Please wait ${waitSeconds} seconds before trying again.`,
        waitSeconds,
      );
    }
  }

  async function startSession(user: User): Promise<SignedIn> {
    const token = crypto.randomBytes(32).toString('base64url');
    const current = now();
    await deps.sessions.insert({
      id: hashToken(token),
      user_id: user.id,
      last_seen_at: current,
      expires_at: new Date(current.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
    });
    return { user, token };
  }

  return {
    /** Checks the credentials and opens a new session; wrong email and wrong password fail alike. */
    async login(email: string, password: string, address: string): Promise<SignedIn> {
      const accountKey = `account:${email.toLowerCase()}`;
      const addressKey = `address:${address}`;
      await takeAttempts([
        { key: accountKey, limit: LOGIN_THROTTLE.maxFailuresPerAccount },
        { key: addressKey, limit: LOGIN_THROTTLE.maxFailuresPerAddress },
      ]);
      const record = await deps.users.findByEmail(email);
      const matches = await verifyPassword(record?.password_hash ?? (await decoyPasswordHash()), password);
      if (!record || !matches) throw unauthenticated('Invalid email or password');
      await deps.throttle.clear(accountKey);
      await deps.throttle.giveBackAttempt(addressKey);
      return startSession(toUser(record));
    },

    /** The user behind a cookie token, or undefined when the session is unknown, idle too long or too old. */
    async authenticate(token: string | undefined): Promise<User | undefined> {
      if (!token) return undefined;
      const id = hashToken(token);
      const current = now().getTime();
      const session = cache.get(id, current) ?? (await deps.sessions.find(id));
      if (!session) return undefined;
      const idleFor = current - session.last_seen_at.getTime();
      if (session.expires_at.getTime() <= current || idleFor >= SESSION_IDLE_TIMEOUT_MS) {
        cache.delete(id);
        await deps.sessions.remove(id);
        return undefined;
      }
      if (idleFor >= TOUCH_INTERVAL_MS) {
        session.last_seen_at = new Date(current);
        await deps.sessions.touch(id, session.last_seen_at);
      }
      cache.set(id, session, current);
      return toUser(session.user);
    },

    /** Marks the session active now (the app calls this every 30 minutes). */
    async refresh(token: string): Promise<void> {
      const id = hashToken(token);
      cache.delete(id);
      await deps.sessions.touch(id, now());
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const id = hashToken(token);
      cache.delete(id);
      await deps.sessions.remove(id);
      bus.endSessions({ sessionIds: [id] });
    },

    /** The session id (what the database keys) behind a cookie token; live sockets remember it. */
    sessionIdOf(token: string | undefined): string | undefined {
      return token ? hashToken(token) : undefined;
    },

    /**
     * Which of these session ids still hold (exist, not expired, not idle too long), in one query that
     * does not count as activity; the others are dropped from this process's cache.
     */
    async validSessionIds(ids: string[]): Promise<Set<string>> {
      const current = now();
      const valid = new Set(
        await deps.sessions.findValidIds(ids, current, new Date(current.getTime() - SESSION_IDLE_TIMEOUT_MS)),
      );
      for (const id of ids) if (!valid.has(id)) cache.delete(id);
      return valid;
    },

    /** Deletes sessions past their limits; returns how many. */
    purgeExpiredSessions(): Promise<number> {
      const current = now();
      return deps.sessions.removeExpired(current, new Date(current.getTime() - SESSION_IDLE_TIMEOUT_MS));
    },

    /**
     * On a database without users, creates the first admin from the given credentials or a generated
     * password; returns the generated password so the caller can print it once.
     */
    async ensureInitialAdmin(email: string | undefined, password: string | undefined) {
      if ((await deps.users.count()) > 0) return undefined;
      const adminEmail = email ?? 'admin@example.com';
      const adminPassword = password ?? crypto.randomBytes(12).toString('base64url');
      try {
        await this.addUser({ email: adminEmail, name: 'Administrator', role: 'admin', password: adminPassword });
      } catch (error) {
        // Another process created the first user at the same moment: that one wins.
        if (error instanceof AppError && error.statusCode === 409) return undefined;
        throw error;
      }
      return { email: adminEmail, password: adminPassword, generated: password === undefined };
    },

    async addUser(input: { email: string; name: string; role: UserRole; password: string }): Promise<User> {
      if (await deps.users.findByEmail(input.email)) throw conflict(`A user with email ${input.email} already exists`);
      try {
        const record = await deps.users.insert({
          email: input.email,
          name: input.name,
          role: input.role,
          password_hash: await hashPassword(input.password),
        });
        return toUser(record);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`A user with email ${input.email} already exists`);
        throw error;
      }
    },

    async listUsers(): Promise<(User & { created_at: Date })[]> {
      return (await deps.users.list()).map((record) => ({ ...toUser(record), created_at: record.created_at }));
    },

    /** Sets a new password and signs the user out everywhere. */
    async setPassword(email: string, password: string): Promise<void> {
      const record = await deps.users.findByEmail(email);
      if (!record) throw notFound(`No user with email ${email}`);
      await deps.users.setPasswordHash(record.id, await hashPassword(password));
      cache.deleteUser(record.id);
      const ended = await deps.sessions.removeForUser(record.id);
      // By id, not by user: a session started after this change must keep its sockets.
      if (ended.length > 0) bus.endSessions({ sessionIds: ended });
    },

    async removeUser(email: string): Promise<void> {
      const record = await deps.users.findByEmail(email);
      if (!record) throw notFound(`No user with email ${email}`);
      cache.deleteUser(record.id);
      await deps.users.remove(record.id);
      bus.endSessions({ userId: record.id });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
