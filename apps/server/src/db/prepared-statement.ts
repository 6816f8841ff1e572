import type { Query } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/** What drizzle keeps of a prepared query to read its rows back, beside its text and parameters. */
interface Template {
  getQuery(): Query;
  fields?: SelectedFieldsOrdered;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => never;
  isResponseInArrayMode(): boolean;
}

interface Runnable<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/**
 * A statement drizzle builds once, with `sql.placeholder`s where its values go, that runs on the
 * database or inside a transaction, its rows read back as drizzle reads them. Building statements
 * took a fifth of the server's time on the payment path, and PostgreSQL parses and plans a named
 * statement once per connection, so each run only binds and executes (docs/operations.md).
 *
 * `build` is given nothing but a database to build on, so no value of one run can be built into
 * the statement by mistake: every value comes through `values`, by placeholder name. A statement
 * whose text depends on its values (a list of varying length) is written with `= any(array)`.
 *
 * Drizzle binds a prepared query to the session it was built on; this hands the built text and
 * its row mapping to each session that runs it (`prepared-statement.test.ts` checks that reading
 * on both drivers after a drizzle upgrade).
 */
export function preparedStatement<Result>(
  name: string,
  build: (db: Database) => { prepare(name: string): Runnable<Result> },
): (db: Database, values: Record<string, unknown>) => Promise<Result> {
  let template: Template | undefined;
  // One per session: the database's own lives as long as it does, a transaction's with it.
  const bound = new WeakMap<Database['_']['session'], Runnable<Result>>();
  return (db, values) => {
    const session = db._.session;
    let statement = bound.get(session);
    if (!statement) {
      template ??= build(db).prepare(name) as unknown as Template;
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
    return statement.execute(values);
  };
}
