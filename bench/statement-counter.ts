/**
 * Counts the SQL statements a server sends to PostgreSQL: a TCP proxy between them that reads the
 * client's side of the wire protocol (PostgreSQL's "Frontend/Backend Protocol", message formats)
 * and counts each simple Query ('Q') and each Execute ('E') of a prepared statement, as the
 * database runs them. Transaction control (BEGIN, COMMIT) counts, as PostgreSQL counts it. No load
 * disturbs the figure, unlike a time. It also keeps each counted statement's text (a Query's, or the
 * Parse behind an Execute's portal), so that a run can show what it counted.
 */
import { createServer, connect, type Socket } from 'node:net';

/** The untyped first messages a client may send before its startup message proper. */
const sslRequestCode = 80877103;
const gssEncRequestCode = 80877104;

export interface StatementCounter {
  /** The address to give the server instead of the database's. */
  url: string;
  /** Statements counted since the last `reset`. */
  count(): number;
  /** Their texts, in the order the database ran them. */
  texts(): string[];
  reset(): void;
  close(): Promise<void>;
}

export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  let statements: string[] = [];
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const database = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(database);
    let buffered = Buffer.alloc(0);
    let startup = true;
    // Per connection: prepared statements by name, and the statement each portal was bound to.
    const prepared = new Map<string, string>();
    const portals = new Map<string, string>();
    client.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (startup) {
          if (buffered.length < 8) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          const code = buffered.readInt32BE(4);
          startup = code === sslRequestCode || code === gssEncRequestCode;
          buffered = buffered.subarray(length);
        } else {
          if (buffered.length < 5) break;
          const length = buffered.readInt32BE(1);
          if (buffered.length < 1 + length) break;
          const type = String.fromCharCode(buffered[0]!);
          const [first, second] = cStrings(buffered.subarray(5, 1 + length));
          if (type === 'P') prepared.set(first!, second!);
          if (type === 'B') portals.set(first!, prepared.get(second!) ?? '');
          if (type === 'Q') statements.push(first!);
          if (type === 'E') statements.push(portals.get(first!) ?? '');
          buffered = buffered.subarray(1 + length);
        }
      }
      database.write(chunk);
    });
    database.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      database.destroy();
      sockets.delete(client);
      sockets.delete(database);
    };
    client.on('close', end).on('error', end);
    database.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    count: () => statements.length,
    texts: () => [...statements],
    reset: () => {
      statements = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

/** The first two zero-terminated strings of a message's body (names and query texts). */
function cStrings(body: Buffer): string[] {
  const end = body.indexOf(0);
  if (end < 0) return [];
  const next = body.indexOf(0, end + 1);
  return [body.toString('utf8', 0, end), next < 0 ? '' : body.toString('utf8', end + 1, next)];
}
