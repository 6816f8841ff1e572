import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { defaultPoolSettings } from '../config';
import { withStatementCache } from './pglite-statement-cache';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgresql';
  /** PostgreSQL's pool now, for the metrics; the embedded database has none. */
  poolStats?: () => PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any key will do, as long as every server uses the same one: it serialises start-up work. */
const startupLockKey = 727_001;

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * Opens the database and brings its schema up to date: PostgreSQL when a URL is given, otherwise
 * the embedded PGlite with its files in `dataDir` (`memory://` keeps it in memory, for tests).
 * `prepare` runs after the migrations, under the same lock, so that servers starting side by side
 * seed an empty database once.
 */
export async function openDatabase(
  options: {
    databaseUrl?: string | undefined;
    dataDir: string;
    databasePool?: PoolSettings;
    /** Hears of a pooled connection's error (a restart, a dropped network), to log it. */
    onPoolError?: (error: Error) => void;
  },
  prepare?: (db: Database) => Promise<void>,
): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.databasePool ?? defaultPoolSettings,
        options.onPoolError ?? (() => {}),
        prepare,
      )
    : openPglite(options.dataDir, prepare);
}

/** The PostgreSQL pool's size and time limits (docs/operations.md). */
export interface PoolSettings {
  size: number;
  connectTimeoutSeconds: number;
  statementTimeoutSeconds: number;
}

async function openPglite(
  dataDir: string,
  prepare?: (db: Database) => Promise<void>,
): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client: withStatementCache(client), schema });
  try {
    await migratePglite(db, { migrationsFolder });
    await prepare?.(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(
  databaseUrl: string,
  settings: PoolSettings,
  onPoolError: (error: Error) => void,
  prepare?: (db: Database) => Promise<void>,
): Promise<DatabaseHandle> {
  // A request waits at most the connect timeout for a connection and the statement timeout for a
  // query, so a stuck database turns into errors the health check and the logs show, not a pile of
  // waiting requests.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: settings.size,
    connectionTimeoutMillis: settings.connectTimeoutSeconds * 1000,
    statement_timeout: settings.statementTimeoutSeconds * 1000,
  });
  // An idle client's network error would otherwise crash the process; the next query reports it.
  pool.on('error', onPoolError);
  let lockClient: pg.PoolClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    await pool.end();
    const target = describeTarget(databaseUrl);
    throw new DatabaseUnavailableError(
      `DATABASE_URL: cannot connect to PostgreSQL at ${target} (${(error as Error).message})`,
    );
  }
  const db = drizzlePostgres({ client: pool, schema });
  try {
    // Waiting for another server's migrations may take longer than any one query should.
    await lockClient.query('set statement_timeout = 0');
    await lockClient.query('select pg_advisory_lock($1)', [startupLockKey]);
    await migratePostgres(db, { migrationsFolder });
    await prepare?.(db);
    await lockClient.query('select pg_advisory_unlock($1)', [startupLockKey]);
    await lockClient.query('reset statement_timeout');
    lockClient.release();
  } catch (error) {
    // Destroying the connection also drops its advisory lock.
    lockClient.release(true);
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgresql',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** host:port/database, without the password, for error messages. */
function describeTarget(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/** PostgreSQL's SQLSTATE of a failed query, whether drizzle wrapped the driver's error or not. */
export function sqlState(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const state = typeof code === 'string' ? code : cause?.code;
  return typeof state === 'string' ? state : undefined;
}

/**
 * Whether the database runs one transaction at a time, in this server's own thread (the embedded
 * PGlite): any other request's query waits until the running one ends.
 */
export function runsOneTransactionAtATime(db: Database): boolean {
  return db instanceof PgliteDatabase;
}

/** The rows a raw statement answers: both drivers give them as `rows`, typed by neither. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** serialization_failure and deadlock_detected: the transaction did nothing and may run again. */
const retryableStates = new Set(['40001', '40P01']);

/**
 * Runs `work` in a transaction, and again (up to three times in all) when PostgreSQL aborts it
 * because it met another transaction: such a failure means nothing was written, and the next try
 * sees the other transaction's outcome.
 */
export async function transactionWithRetry<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Database));
    } catch (error) {
      if (attempt >= 3 || !retryableStates.has(sqlState(error) ?? '')) throw error;
    }
  }
}

/** Answers when the database does; used by the health check. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
