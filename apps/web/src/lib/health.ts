import { healthSchema, healthUnavailableSchema } from '@mining-hub/contract/common';

export const HEALTH_TIMEOUT_MS = 5_000;

/**
 * What the backend's /health (site origin, not under /api/v1) says within 5 seconds: `ok`, `database_down`
 * (the server answers but its database does not: a restart, a failover) or `unreachable` (no answer).
 */
export type BackendHealth = 'ok' | 'database_down' | 'unreachable';

export async function checkBackendHealth(): Promise<BackendHealth> {
  try {
    const response = await fetch('/health', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return healthSchema.safeParse(body).success ? 'ok' : 'unreachable';
    return healthUnavailableSchema.safeParse(body).data?.database === 'down' ? 'database_down' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}
