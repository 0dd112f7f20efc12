import path from 'node:path';
import { parseArgs } from 'node:util';
import { MIN_PASSWORD_LENGTH } from '@mining-hub/contract/users';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createLiveBus } from '../live/live-bus.ts';
import { createSilentLogger } from '../logging.ts';
import { createServices, type Services } from '../services.ts';

const USAGE = `Manage users of the Mining Sales Hub (uses DATA_DIR or DATABASE_URL like the server).

  npm run users -- add --email EMAIL --name NAME [--role admin|member] [--password PASSWORD]
  npm run users -- list
  npm run users -- set-password --email EMAIL [--password PASSWORD]
  npm run users -- disable --email EMAIL
  npm run users -- enable --email EMAIL
  npm run users -- remove --email EMAIL

Without --password, the password is read from the USER_PASSWORD environment variable (at least
${MIN_PASSWORD_LENGTH} characters). The last active admin can be neither disabled nor removed.`;

const emailSchema = z.string().email();
// The service applies the same rule; checking here too fails a typo before the database is opened.
const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024);

async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'member' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) return USAGE;

  // Arguments are checked before the database is opened, so a typo fails at once.
  const email = () => emailSchema.parse(values.email);
  const password = () => passwordSchema.parse(values.password ?? env.USER_PASSWORD);
  let action: (auth: Services['auth']) => Promise<string>;
  switch (command) {
    case 'add': {
      const input = {
        email: email(),
        name: z
          .string()
          .trim()
          .min(1, '--name is required')
          .max(200)
          .parse(values.name ?? ''),
        role: z.enum(['admin', 'member']).parse(values.role),
        password: password(),
      };
      action = async (auth) => {
        const user = await auth.addUser(input);
        return `added ${user.role} ${user.email} (id ${user.id})`;
      };
      break;
    }
    case 'list':
      action = async (auth) =>
        (await auth.listUsers())
          .map(
            (u) =>
              `${u.id}\t${u.email}\t${u.name}\t${u.role}\t${u.created_at}\t${u.disabled ? 'disabled' : 'active'}\t${u.last_sign_in_at ?? 'never signed in'}`,
          )
          .join('\n');
      break;
    case 'set-password': {
      const [address, secret] = [email(), password()];
      action = async (auth) => {
        await auth.setPassword(address, secret);
        return `password changed for ${address}; their sessions were signed out`;
      };
      break;
    }
    case 'disable':
    case 'enable': {
      const address = email();
      action = async (auth) => {
        await auth.setDisabled(address, command === 'disable');
        return command === 'disable' ? `disabled ${address}; their sessions were signed out` : `enabled ${address}`;
      };
      break;
    }
    case 'remove': {
      const address = email();
      action = async (auth) => {
        await auth.removeUser(address);
        return `removed ${address}`;
      };
      break;
    }
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }

  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  // On PostgreSQL servers may be running: the bus tells them at once which sessions ended (their sockets
  // close, their caches forget them). No server can run on PGlite meanwhile: it holds the database.
  const bus = await createLiveBus({ postgresUrl: config.databaseUrl, logger: createSilentLogger(), listen: false });
  try {
    await migrateToLatest(database);
    return await action(createServices(database.db, { bus }).auth);
  } finally {
    await bus.close();
    await database.close();
  }
}

/** What one run of the CLI prints, and its exit code. */
export interface UsersCommandResult {
  code: 0 | 1;
  stdout: string;
  stderr: string;
}

/** Runs `npm run users -- <argv>` against the database `env` names (DATA_DIR or DATABASE_URL). */
export async function usersCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<UsersCommandResult> {
  try {
    return { code: 0, stdout: await run(argv, env), stderr: '' };
  } catch (error) {
    const reason =
      error instanceof z.ZodError
        ? error.issues.map((issue) => issue.message).join('; ')
        : error instanceof Error
          ? error.message
          : String(error);
    return { code: 1, stdout: '', stderr: `error: ${reason}` };
  }
}
