import { developmentDataKey } from '../config';
import { personalData } from '../lib/personal-data';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../db/database';
import { demoDataSeed } from '../demo/seed-demo-data';
import { prepareDatabase } from '../db/prepare-database';
import { createScratchPostgres, type ScratchPostgres } from './scratch-postgres';

/**
 * Integration suites run twice: on the embedded PGlite and on a real PostgreSQL. Each suite gets a
 * database of its own (a fresh PostgreSQL database, dropped afterwards), so files run in parallel.
 * Without a PostgreSQL server the PostgreSQL half is skipped, loudly; with CI set it must run.
 */
// eslint-disable-next-line no-restricted-properties -- tests choose their own database server
const environment = process.env;
export const testPostgresUrl =
  environment.TEST_DATABASE_URL ??
  environment.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: testPostgresUrl,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresProblem = await postgresAnswers();
if (postgresProblem) {
  const message = `PostgreSQL at ${new URL(testPostgresUrl).host} did not answer (${postgresProblem})`;
  if (environment.CI) throw new Error(`${message}: CI requires the PostgreSQL integration tests.`);
  console.warn(
    `\n  SKIPPED: PostgreSQL integration tests. ${message}. Set TEST_DATABASE_URL to run them.\n`,
  );
}

/** A fresh, empty PostgreSQL database on the test server; dropped by the returned function. */
export function createScratchTestPostgres(): Promise<ScratchPostgres> {
  return createScratchPostgres(testPostgresUrl);
}

/** What the test servers encrypt identity-card numbers with: the development key, as loadConfig's. */
export const testPersonalData = personalData(developmentDataKey);

export interface TestDatabase {
  name: 'PGlite' | 'PostgreSQL';
  available: boolean;
  /** Opens a new, migrated database holding the demo data. */
  open(options?: { demoData?: boolean }): Promise<DatabaseHandle>;
}

export const testDatabases: TestDatabase[] = [
  {
    name: 'PGlite',
    available: true,
    open: ({ demoData = true } = {}) =>
      openDatabase({ dataDir: 'memory://' }, (db) =>
        prepareDatabase(db, {
          personalData: testPersonalData,
          seed: demoData ? demoDataSeed(testPersonalData) : undefined,
        }),
      ),
  },
  {
    name: 'PostgreSQL',
    available: !postgresProblem,
    async open({ demoData = true } = {}) {
      const scratch = await createScratchTestPostgres();
      const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: '' }, (db) =>
        prepareDatabase(db, {
          personalData: testPersonalData,
          seed: demoData ? demoDataSeed(testPersonalData) : undefined,
        }),
      );
      return {
        ...handle,
        close: async () => {
          await handle.close();
          await scratch.drop();
        },
      };
    },
  },
];

/** Declares `suite` once per test database; `db()` is that database, open for the whole suite. */
export function describeEachDatabase(title: string, suite: (db: () => Database) => void): void {
  for (const target of testDatabases) {
    (target.available ? describe : describe.skip)(`${title} on ${target.name}`, () => {
      let handle: DatabaseHandle | undefined;
      beforeAll(async () => {
        handle = await target.open();
      }, 60_000);
      afterAll(() => handle?.close());
      suite(() => {
        if (!handle) throw new Error('the test database is not open');
        return handle.db;
      });
    });
  }
}
