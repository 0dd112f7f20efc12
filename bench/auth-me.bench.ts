import {
  createPostgresDatabase,
  load,
  printFigure,
  signIn,
  startServer,
  type BenchDatabase,
  type LoadResult,
} from './lib/server.ts';

/**
 * How much a signed-in request costs: `GET /api/v1/auth/me` (session lookup) against `GET /health`
 * (one `SELECT 1`), on the same server in the same run, for PGlite and PostgreSQL.
 */

const CONNECTIONS = 10;
const WARM_UP_SECONDS = 1;
const MEASURE_SECONDS = 5;
// Alternating rounds and keeping each route's best run smooths out noise from the shared machine.
const ROUNDS = 2;
const RATIO_GOAL = 0.5;

const ROUTES = [
  { label: '/health', path: '/health', signedIn: false },
  { label: '/api/v1/auth/me', path: '/api/v1/auth/me', signedIn: true },
] as const;

type Engine = 'pglite' | 'postgres';

async function benchEngine(engine: Engine): Promise<void> {
  let database: BenchDatabase | undefined;
  if (engine === 'postgres') {
    database = await createPostgresDatabase();
    if (!database) return; // createPostgresDatabase printed why
  }
  const server = await startServer({ databaseUrl: database?.url });
  try {
    const cookie = await signIn(server);
    const best = new Map<string, LoadResult>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of ROUTES) {
        const target = {
          url: `${server.origin}${route.path}`,
          headers: route.signedIn ? { cookie } : undefined,
          connections: CONNECTIONS,
        };
        const warmUp = await load({ ...target, durationSeconds: WARM_UP_SECONDS });
        const measured = await load({ ...target, durationSeconds: MEASURE_SECONDS });
        // Warm-up answers count too: every response must be a 2xx for the figures to mean anything.
        assertAllOk(`${engine} ${route.label}`, warmUp);
        assertAllOk(`${engine} ${route.label}`, measured);
        const previous = best.get(route.label);
        if (!previous || measured.requestsPerSecond > previous.requestsPerSecond) best.set(route.label, measured);
      }
    }

    const prefix = `auth-me ${engine.padEnd(8)} `;
    for (const route of ROUTES) {
      const result = best.get(route.label);
      if (!result) throw new Error(`no measurement for ${route.label}`);
      printFigure(`${prefix}${route.label}`, result.requestsPerSecond, 'req/s');
      printFigure(`${prefix}${route.label}`, result.p99Ms, 'p99 ms');
    }
    const health = best.get('/health')?.requestsPerSecond ?? 0;
    const me = best.get('/api/v1/auth/me')?.requestsPerSecond ?? 0;
    const ratio = health > 0 ? me / health : 0;
    const verdict = ratio >= RATIO_GOAL ? '' : ', MISSED';
    printFigure(`${prefix}me/health throughput`, ratio, 'ratio', `(goal >= ${RATIO_GOAL}${verdict})`);
  } finally {
    await server.stop();
    await database?.drop();
  }
}

function assertAllOk(what: string, result: LoadResult): void {
  if (result.non2xx === 0 && result.errors === 0) return;
  const codes = Object.entries(result.statusCodes)
    .map(([code, count]) => `${code}: ${count}`)
    .join(', ');
  throw new Error(
    `${what}: ${result.non2xx} of ${result.requests} responses were not 2xx (${codes}) ` +
      `and ${result.errors} connection errors or timeouts`,
  );
}

async function main(): Promise<void> {
  for (const engine of ['pglite', 'postgres'] as const) await benchEngine(engine);
}

main().catch((error: unknown) => {
  console.error('auth-me failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
