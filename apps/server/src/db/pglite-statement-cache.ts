import { protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * PGlite's `query()` parses and plans every statement afresh (parse, describe, bind, execute on
 * each call), and it runs in our main thread: planning the search's bill lookup costs five times
 * executing it. This keeps one named prepared statement per query text, as node-postgres does for
 * named queries, so a repeated query is a single bind-and-execute call into the engine
 * (docs/decisions/0004-pglite-statement-cache.md).
 *
 * Only the top-level client is wrapped: queries inside a transaction go through PGlite's own
 * transaction object, unchanged.
 */
export function withStatementCache(client: PGlite, options: { maxStatements?: number } = {}) {
  const maxStatements = options.maxStatements ?? 200;
  const statements = new Map<string, PreparedStatement>();
  const serialize = protocol.serialize;

  async function prepare(text: string): Promise<PreparedStatement> {
    const name = `cached_${statements.size + 1}`;
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    // Describing the statement once gives its parameter and column types for every later run.
    const parameters = messages.find((message) => message.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    const columns = messages.find((message) => message.name === 'rowDescription') as
      { fields: Field[] } | undefined;
    const statement = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      fields: (columns?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    statements.set(text, statement);
    return statement;
  }

  async function cachedQuery<T>(
    text: string,
    params: unknown[] = [],
    queryOptions?: QueryOptions,
  ): Promise<Results<T>> {
    // Blobs (COPY) and explicit parameter types are rare; PGlite handles them itself.
    if (queryOptions?.blob || queryOptions?.paramTypes) {
      return client.query<T>(text, params, queryOptions);
    }
    if (!statements.has(text) && statements.size >= maxStatements) {
      return client.query<T>(text, params, queryOptions);
    }
    // The same two locks PGlite's own query() takes: never inside someone else's transaction.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const statement = statements.get(text) ?? (await prepare(text));
        const values = params.map((param, index) => {
          if (param === null || param === undefined) return null;
          const serializeValue = client.serializers[statement.parameterTypes[index] ?? 0];
          return serializeValue ? serializeValue(param) : String(param as string);
        });
        // Sync in the same call: after an error, the session is ready for the next query.
        const { messages } = await client.execProtocol(
          concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        return toResults<T>(messages, statement.fields, client.parsers, queryOptions);
      }),
    );
  }

  // PGlite keeps its state in private fields, so every other method runs on the client itself.
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return cachedQuery;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

interface Field {
  name: string;
  dataTypeID: number;
}

interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  fields: Field[];
}

type Parsers = PGlite['parsers'];

/**
 * The single-statement case of PGlite's own result parsing (`parseResults` in its parse.ts), with
 * each column's parser looked up once: merging the query's parsers into PGlite's few hundred, as
 * PGlite does per query, costs more than the lookup itself.
 */
function toResults<T>(
  messages: { name: string }[],
  fields: Field[],
  clientParsers: Parsers,
  options: QueryOptions | undefined,
): Results<T> {
  const parsers = fields.map(
    ({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? clientParsers[dataTypeID],
  );
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields.map(
        (value, index) => {
          const parse = parsers[index];
          return value === null || !parse ? value : parse(value, fields[index]!.dataTypeID);
        },
      );
      rows.push(
        options?.rowMode === 'array'
          ? values
          : Object.fromEntries(values.map((value, index) => [fields[index]!.name, value])),
      );
    } else if (message.name === 'commandComplete') {
      // "SELECT 2", "UPDATE 3", "INSERT 0 5": the command first, the row count last.
      const words = (message as unknown as { text: string }).text.split(' ');
      const command = words[0] ?? '';
      const count = words.at(-1);
      if (['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command)) affectedRows = Number(count);
    }
  }
  return { rows: rows as T[], fields, affectedRows };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
