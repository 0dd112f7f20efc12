import pg from 'pg';

/**
 * Statement texts the PostgreSQL engine runs as named prepared statements, so each pooled connection parses
 * and plans them once instead of on every call. Only for fixed texts on the hottest paths (the article list
 * page and its cache check), where planning cost PostgreSQL more than running the query. PGlite runs the
 * texts as ordinary queries. Behind a transaction-mode PgBouncer older than 1.21, leave this list empty.
 */
const statementNames = new Map<string, string>();

/** Registers `text` as the prepared statement `name` and returns the text (for Kysely's CompiledQuery.raw). */
export function preparedStatement(name: string, text: string): string {
  if ([...statementNames.values()].includes(name) && statementNames.get(text) !== name) {
    throw new Error(`Prepared statement ${name} is registered with another text`);
  }
  statementNames.set(text, name);
  return text;
}

/** A pg client that runs registered texts, which Kysely sends as (text, values), as named prepared statements. */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [text, values] = args;
      const name = args.length === 2 && typeof text === 'string' ? statementNames.get(text) : undefined;
      return name ? query({ name, text, values }) : query(...args);
    }) as pg.Client['query'];
  }
}
