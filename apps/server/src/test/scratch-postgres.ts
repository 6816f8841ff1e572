import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchPostgres {
  /** The new database's URL, for DATABASE_URL. */
  url: string;
  /** Drops it, with whatever is still connected to it. */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database on the PostgreSQL server at `adminUrl`, for one test suite or one
 * benchmark run. Throws the driver's error when the server does not answer. Free of vitest, so
 * the benchmarks use it too.
 */
export async function createScratchPostgres(
  adminUrl: string,
  prefix = 'portal_test',
): Promise<ScratchPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
