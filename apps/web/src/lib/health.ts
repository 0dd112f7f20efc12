import { healthSchema } from '@mining-hub/contract/common';

export const HEALTH_TIMEOUT_MS = 5_000;

/** True when the backend's /health (site origin, not under /api/v1) answers OK within 5 seconds. */
export async function isBackendHealthy(): Promise<boolean> {
  try {
    const response = await fetch('/health', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    return healthSchema.safeParse(await response.json()).success;
  } catch {
    return false;
  }
}
