/**
 * Counts the SQL statements a server sends to PostgreSQL: a TCP proxy between them that reads the
 * client's side of the wire protocol (PostgreSQL's "Frontend/Backend Protocol", message formats)
 * and counts each simple Query ('Q') and each Execute ('E') of a prepared statement, as the
 * database runs them. Transaction control (BEGIN, COMMIT) counts, as PostgreSQL counts it. No load
 * disturbs the figure, unlike a time.
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
  reset(): void;
  close(): Promise<void>;
}

export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  let statements = 0;
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const database = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(database);
    let buffered = Buffer.alloc(0);
    let startup = true;
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
          if (type === 'Q' || type === 'E') statements++;
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
    count: () => statements,
    reset: () => {
      statements = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
