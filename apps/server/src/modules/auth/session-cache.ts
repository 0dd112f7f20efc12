import type { SessionWithUser } from './sessions.repository.ts';

/**
 * A short-lived in-process copy of recently read sessions, so an authenticated request usually costs no
 * database round trip. Entries live `ttlMs`; sign-out and password changes drop them here at once, and
 * other API processes see the change within `ttlMs`.
 */
export class SessionCache {
  readonly #entries = new Map<string, { session: SessionWithUser; cachedAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(id: string, now: number): SessionWithUser | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (now - entry.cachedAt >= this.#ttlMs) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry.session;
  }

  set(id: string, session: SessionWithUser, now: number): void {
    this.#entries.delete(id);
    this.#entries.set(id, { session, cachedAt: now });
    // Maps iterate in insertion order, so the first key is the oldest entry.
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  delete(id: string): void {
    this.#entries.delete(id);
  }

  deleteUser(userId: number): void {
    for (const [id, entry] of this.#entries) if (entry.session.user.id === userId) this.#entries.delete(id);
  }
}
