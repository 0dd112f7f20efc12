import crypto from 'node:crypto';
import {
  defaultLandingPage,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  type Preferences,
  type PreferencesRequest,
  type User,
  type UserRole,
} from '@mining-hub/contract/auth';
import { MIN_PASSWORD_LENGTH, type ManagedUser, type UpdateUserRequest } from '@mining-hub/contract/users';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound, tooManyRequests, unauthenticated } from '../../errors.ts';
import { nullLiveBus, type LiveBus } from '../../live/live-bus.ts';
import { nullAudit, type AuditActor, type AuditRecord, type AuditService } from '../audit/audit.service.ts';
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
  /** Records user changes (in their transaction) and refusals by the sign-in throttle. */
  audit?: Pick<AuditService, 'record'>;
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

const LAST_ADMIN = 'This is the last active admin: make another user an admin first';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const toManagedUser = (record: UserRecord): ManagedUser => ({
  ...toUser(record),
  disabled: record.disabled,
  created_at: record.created_at.toISOString(),
  last_sign_in_at: record.last_sign_in_at?.toISOString() ?? null,
});

/** The rule for every password a person sets (the API validates it too; the CLI relies on this). */
function checkPasswordRule(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw badRequest(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
}

/** The audit entries an update of a user makes: one per thing that changed. */
function changeEntries(before: UserRecord, after: UserRecord): Omit<AuditRecord, 'actor'>[] {
  const target = after.email;
  const entries: Omit<AuditRecord, 'actor'>[] = [];
  if (before.name !== after.name)
    entries.push({
      action: 'user_renamed',
      target,
      detail: `${JSON.stringify(before.name)} → ${JSON.stringify(after.name)}`,
    });
  if (before.role !== after.role)
    entries.push({ action: 'user_role_changed', target, detail: `${before.role} → ${after.role}` });
  if (before.disabled !== after.disabled)
    entries.push({ action: after.disabled ? 'user_disabled' : 'user_enabled', target });
  return entries;
}

/** Sign-in, sessions and user management. */
export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const cache = new SessionCache(SESSION_CACHE_TTL_MS);
  const bus = deps.bus ?? nullLiveBus;
  const audit = deps.audit ?? nullAudit;
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
  async function takeAttempts(
    keys: { key: string; limit: number }[],
    who: { email: string; address: string },
  ): Promise<void> {
    const current = now();
    const windowStartedAfter = new Date(current.getTime() - LOGIN_THROTTLE.windowMs);
    for (const { key, limit } of keys) {
      const { attempts, window_started_at } = await deps.throttle.takeAttempt(key, current, windowStartedAfter);
      if (attempts <= limit) continue;
      // The first refusal of each key's window only: a burst of refused attempts must not flood the log.
      if (attempts === limit + 1) {
        const detail = `${who.address}; limit on the ${key.startsWith('account:') ? 'account' : 'address'} reached`;
        await audit.record({ actor: null, action: 'sign_in_throttled', target: who.email, detail });
      }
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

  /** Stores the new password's hash with its audit entry, then ends the user's sessions but `keep`. */
  async function replacePassword(record: UserRecord, password: string, entry: AuditRecord, keep?: string) {
    const hash = await hashPassword(password);
    if (!(await deps.users.setPasswordHash(record.id, hash, (trx: Db) => audit.record(entry, trx))))
      throw notFound(`User ${record.id} not found`);
    cache.deleteUser(record.id);
    const ended = await deps.sessions.removeForUser(record.id, keep);
    // By id, not by user: a session started after this change (and the one kept) must keep its sockets.
    if (ended.length > 0) bus.endSessions({ sessionIds: ended });
  }

  return {
    /** Checks the credentials and opens a new session; wrong email and wrong password fail alike. */
    async login(email: string, password: string, address: string): Promise<SignedIn> {
      const accountKey = `account:${email.toLowerCase()}`;
      const addressKey = `address:${address}`;
      await takeAttempts(
        [
          { key: accountKey, limit: LOGIN_THROTTLE.maxFailuresPerAccount },
          { key: addressKey, limit: LOGIN_THROTTLE.maxFailuresPerAddress },
        ],
        { email, address },
      );
      const record = await deps.users.findByEmail(email);
      const matches = await verifyPassword(record?.password_hash ?? (await decoyPasswordHash()), password);
      // A disabled user gets the same answer as a wrong password, and the attempt stays counted.
      if (!record || !matches || record.disabled) throw unauthenticated('Invalid email or password');
      await deps.throttle.clear(accountKey);
      await deps.throttle.giveBackAttempt(addressKey);
      await deps.users.markSignedIn(record.id, now());
      return startSession(toUser(record));
    },

    /** The user behind a cookie token, or undefined when the session is unknown, idle too long or too old. */
    async authenticate(token: string | undefined): Promise<User | undefined> {
      if (!token) return undefined;
      const id = hashToken(token);
      const current = now().getTime();
      const session = cache.get(id, current) ?? (await deps.sessions.find(id));
      if (!session || session.user.disabled) return undefined;
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
     * password; returns the generated password so the caller can print it once. Of several processes
     * starting together, exactly one creates it (and prints it); the others get undefined.
     */
    /** The user's own choices (issue 35: where they land after sign-in) and the screen they come to. */
    async preferences(user: User): Promise<Preferences> {
      const landingPage = await deps.users.landingPage(user.id);
      return { landing_page: landingPage, landing: landingPage ?? defaultLandingPage(user.role) };
    },

    async setPreferences(user: User, input: PreferencesRequest): Promise<Preferences> {
      await deps.users.setLandingPage(user.id, input.landing_page);
      return { landing_page: input.landing_page, landing: input.landing_page ?? defaultLandingPage(user.role) };
    },

    async ensureInitialAdmin(email: string | undefined, password: string | undefined) {
      if ((await deps.users.count()) > 0) return undefined;
      const adminEmail = email ?? 'admin@example.com';
      const adminPassword = password ?? crypto.randomBytes(12).toString('base64url');
      checkPasswordRule(adminPassword);
      const created = await deps.users.insertFirst(
        { email: adminEmail, name: 'Administrator', role: 'admin', password_hash: await hashPassword(adminPassword) },
        (trx, user) =>
          audit.record({ actor: null, action: 'user_created', target: user.email, detail: 'role admin' }, trx),
      );
      if (!created) return undefined;
      return { email: adminEmail, password: adminPassword, generated: password === undefined };
    },

    /** Creates a user (409 for a taken email, 400 for a short password); `actor` null from the CLI. */
    async addUser(
      input: { email: string; name: string; role: UserRole; password: string },
      actor: AuditActor | null = null,
    ): Promise<ManagedUser> {
      checkPasswordRule(input.password);
      if (await deps.users.findByEmail(input.email)) throw conflict(`A user with email ${input.email} already exists`);
      try {
        const record = await deps.users.insert(
          { email: input.email, name: input.name, role: input.role, password_hash: await hashPassword(input.password) },
          (trx, created) =>
            audit.record({ actor, action: 'user_created', target: created.email, detail: `role ${created.role}` }, trx),
        );
        return toManagedUser(record);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`A user with email ${input.email} already exists`);
        throw error;
      }
    },

    async listUsers(): Promise<ManagedUser[]> {
      return (await deps.users.list()).map(toManagedUser);
    },

    /**
     * Renames, changes the role of, disables or enables a user. Disabling ends their sessions and sockets
     * at once; the last active admin can be neither demoted nor disabled (409).
     */
    async updateUser(id: number, changes: UpdateUserRequest, actor: AuditActor | null = null): Promise<ManagedUser> {
      const outcome = await deps.users.update(id, changes, async (trx, before, after) => {
        for (const entry of changeEntries(before, after)) await audit.record({ actor, ...entry }, trx);
      });
      if (outcome.kind === 'not_found') throw notFound(`User ${id} not found`);
      if (outcome.kind === 'last_admin') throw conflict(LAST_ADMIN);
      const { before, after } = outcome;
      // This process forgets the user's cached sessions at once, so a new role applies to the next request.
      cache.deleteUser(id);
      if (after.disabled && !before.disabled) {
        await deps.sessions.removeForUser(id);
        bus.endSessions({ userId: id });
      }
      return toManagedUser(after);
    },

    /** Sets a random temporary password (returned once) and signs the user out everywhere. */
    async resetPassword(id: number, actor: AuditActor | null = null): Promise<string> {
      const record = await deps.users.findById(id);
      if (!record) throw notFound(`User ${id} not found`);
      const temporary = crypto.randomBytes(15).toString('base64url'); // 20 characters, 120 bits
      await replacePassword(record, temporary, { actor, action: 'user_password_reset', target: record.email });
      return temporary;
    },

    /** Sets a new password for an email (the CLI) and signs the user out everywhere. */
    async setPassword(email: string, password: string, actor: AuditActor | null = null): Promise<void> {
      checkPasswordRule(password);
      const record = await deps.users.findByEmail(email);
      if (!record) throw notFound(`No user with email ${email}`);
      await replacePassword(record, password, { actor, action: 'user_password_reset', target: record.email });
    },

    /**
     * A signed-in user changes their own password: a wrong current password is 400 and counts against the
     * sign-in throttle of the account (so a stolen cookie cannot guess it); their other sessions end.
     */
    async changePassword(
      user: User,
      token: string | undefined,
      passwords: { current_password: string; new_password: string },
      address: string,
    ): Promise<void> {
      checkPasswordRule(passwords.new_password);
      const record = await deps.users.findById(user.id);
      if (!record) throw unauthenticated();
      const accountKey = `account:${record.email.toLowerCase()}`;
      await takeAttempts([{ key: accountKey, limit: LOGIN_THROTTLE.maxFailuresPerAccount }], {
        email: record.email,
        address,
      });
      if (!(await verifyPassword(record.password_hash, passwords.current_password)))
        throw badRequest('The current password is not correct');
      await deps.throttle.clear(accountKey);
      const keep = token ? hashToken(token) : undefined;
      const actor = { id: record.id, email: record.email };
      const entry = { actor, action: 'password_changed' as const, target: record.email };
      await replacePassword(record, passwords.new_password, entry, keep);
    },

    /** Disables or enables a user by email (the CLI), with the same rules as the API. */
    async setDisabled(email: string, disabled: boolean): Promise<ManagedUser> {
      const record = await deps.users.findByEmail(email);
      if (!record) throw notFound(`No user with email ${email}`);
      return this.updateUser(record.id, { disabled });
    },

    async removeUser(email: string): Promise<void> {
      const record = await deps.users.findByEmail(email);
      if (!record) throw notFound(`No user with email ${email}`);
      const outcome = await deps.users.remove(record.id);
      if (outcome === 'last_admin') throw conflict(LAST_ADMIN);
      cache.deleteUser(record.id);
      bus.endSessions({ userId: record.id });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
