import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { createServices } from '../../services.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-database.ts';

/** Four processes starting at once on an empty database each try to create the first admin. */
describe.each(testEngines)('the first admin on %s', (engine) => {
  let database: TestDatabase;
  const otherProcesses: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // On PostgreSQL each "process" has connections of its own; PGlite belongs to one process.
    if (database.url) {
      for (let i = 0; i < 3; i++) otherProcesses.push(await openDatabase({ databaseUrl: database.url }));
    }
  });
  afterAll(async () => {
    for (const handle of otherProcesses) await handle.close();
    await database.drop();
  });

  it('is created by exactly one of several starts at once, whose password signs in', async () => {
    const databases = [database.handle, ...otherProcesses].map((handle) => handle.db);
    while (databases.length < 4) databases.push(database.handle.db);
    const starts = databases.map((db) => createServices(db).auth);

    const created = await Promise.all(starts.map((auth) => auth.ensureInitialAdmin('first@example.com', undefined)));

    const printed = created.filter((admin) => admin !== undefined);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatchObject({ email: 'first@example.com', generated: true });
    const users = await starts[0]?.listUsers();
    expect(users?.map((user) => [user.email, user.role])).toEqual([['first@example.com', 'admin']]);
    const signedIn = await starts[1]?.login('first@example.com', printed[0]?.password ?? '', '127.0.0.1');
    expect(signedIn?.user.email).toBe('first@example.com');

    // A later start finds a user and creates none.
    expect(await starts[2]?.ensureInitialAdmin('second@example.com', undefined)).toBeUndefined();
  });
});
