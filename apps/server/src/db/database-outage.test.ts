import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/processes.ts';
import { isDatabaseUnavailable, watchDatabaseAvailability } from './database-outage.ts';

/** An error shaped as `pg` reports what the server said (a DatabaseError with its SQLSTATE). */
const serverSaid = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('which database errors are an outage (503) rather than a fault (500)', () => {
  it('counts a refused connection, as pg really reports it, as an outage', async () => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/none` });
    const error: unknown = await client.connect().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [
      '57P01 admin shutdown (restart, fast stop)',
      serverSaid('57P01', 'terminating connection due to administrator command'),
    ],
    ['57P02 crash shutdown', serverSaid('57P02', 'terminating connection because of crash of another server process')],
    ['57P03 cannot connect now (starting up)', serverSaid('57P03', 'the database system is starting up')],
    ['08006 connection failure', serverSaid('08006', 'connection failure')],
    ['53300 too many connections', serverSaid('53300', 'sorry, too many clients already')],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })],
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg: pool timeout', new Error('timeout exceeded when trying to connect')],
    ['pg: broken client', new Error('Client has encountered a connection error and is not queryable')],
    [
      'pg-boss: its copy of the error, with queue and worker',
      { code: '57P01', message: 'terminating connection due to administrator command', queue: 'q', worker: 'w' },
    ],
    [
      'every address of a host refused',
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ]),
    ],
  ])('outage: %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['23505 unique violation', serverSaid('23505', 'duplicate key value violates unique constraint')],
    ['42P01 undefined table', serverSaid('42P01', 'relation "nope" does not exist')],
    ['40P01 deadlock', serverSaid('40P01', 'deadlock detected')],
    ['08P01 protocol violation (a bug, not an outage)', serverSaid('08P01', 'protocol violation')],
    ['28P01 wrong password (configuration)', serverSaid('28P01', 'password authentication failed')],
    ['a plain error', new Error('something broke')],
    ['fetch to another service refused', new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('not an outage: %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the availability of the database', () => {
  it('logs an outage once when it starts and once when a probe finds the database back, however many fail meanwhile', async () => {
    const lines: string[] = [];
    let reachable = false;
    let probes = 0;
    const availability = watchDatabaseAvailability({
      probe: async () => {
        probes += 1;
        if (!reachable) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
      logger: { warn: (line: string) => void lines.push(line) },
      probeIntervalMs: 10,
    });
    const changes: string[] = [];
    availability.onChange((state) => changes.push(state));

    expect(availability.noteFailure(serverSaid('23505', 'duplicate key'))).toBe(false); // not an outage: the caller logs it
    expect(availability.state).toBe('up');
    for (let i = 0; i < 100; i++) {
      expect(availability.noteFailure(serverSaid('57P01', 'terminating connection due to administrator command'))).toBe(
        true,
      );
    }
    expect(availability.state).toBe('down');
    await until(() => probes >= 3);
    reachable = true;
    await until(() => availability.state === 'up');

    expect(lines).toEqual([
      'database unavailable; retrying (terminating connection due to administrator command)',
      expect.stringMatching(/^database is back after \d+\.\d s$/),
    ]);
    expect(changes).toEqual(['down', 'up']);
    availability.close();
  });
});

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
