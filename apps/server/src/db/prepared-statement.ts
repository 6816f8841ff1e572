import { is, SQL, type Query } from 'drizzle-orm';
import { PgDialect, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/** What drizzle keeps of a prepared query to read its rows back, beside its text and parameters. */
interface Template {
  getQuery(): Query;
  fields?: SelectedFieldsOrdered;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => never;
  isResponseInArrayMode(): boolean;
  /** Written as SQL: its driver's answer is not passed on. */
  writtenAsSql?: true;
}

interface Runnable<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

type Run<Result> = (db: Database, values: Record<string, unknown>) => Promise<Result>;

/** Turns a statement written as SQL into its text and parameters, as drizzle's own does. */
const dialect = new PgDialect();

/**
 * A statement drizzle builds once, with `sql.placeholder`s where its values go, that runs on the
 * database or inside a transaction, its rows read back as drizzle reads them. Building statements
 * took a fifth of the server's time on the payment path, and PostgreSQL parses and plans a named
 * statement once per connection, so each run only binds and executes (docs/operations.md).
 *
 * `build` is given nothing but a database to build on, so no value of one run can be built into
 * the statement by mistake: every value comes through `values`, by placeholder name. A statement
 * whose text would depend on its values (a list of varying length) takes an array (`= any(...)`)
 * or JSON (`jsonb_to_recordset`) instead. A statement written as SQL answers no rows.
 *
 * Drizzle binds a prepared query to the session it was built on; this hands the built text and
 * its row mapping to each session that runs it (`prepared-statement.test.ts` checks that reading
 * on both drivers after a drizzle upgrade).
 */
export function preparedStatement<Result>(
  name: string,
  build: (db: Database) => { prepare(name: string): Runnable<Result> },
): Run<Result>;
export function preparedStatement(name: string, build: (db: Database) => SQL): Run<void>;
export function preparedStatement<Result>(
  name: string,
  build: (db: Database) => { prepare(name: string): Runnable<Result> } | SQL,
): Run<Result | void> {
  let template: Template | undefined;
  // One per session: the database's own lives as long as it does, a transaction's with it.
  const bound = new WeakMap<Database['_']['session'], Runnable<Result>>();
  return async (db, values) => {
    const session = db._.session;
    let statement = bound.get(session);
    if (!statement) {
      template ??= templateOf(name, build(db));
      statement = session.prepareQuery<{ execute: Result; all: unknown; values: unknown }>(
        template.getQuery(),
        template.fields,
        name,
        template.isResponseInArrayMode(),
        template.customResultMapper,
      );
      (statement as unknown as Template).joinsNotNullableMap = template.joinsNotNullableMap;
      bound.set(session, statement);
    }
    const result = await statement.execute(values);
    return template!.writtenAsSql ? undefined : result;
  };
}

function templateOf(name: string, built: { prepare(name: string): unknown } | SQL): Template {
  if (!is(built, SQL)) return built.prepare(name) as Template;
  const query = dialect.sqlToQuery(built);
  return { getQuery: () => query, isResponseInArrayMode: () => false, writtenAsSql: true };
}
