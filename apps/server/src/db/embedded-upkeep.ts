import { malaysiaDay, malaysiaWallClock } from '@portal/domain/display-filters';
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { rowsOf, type Database } from './database';

/** The quiet hours, Malaysia time, in which the night's upkeep runs: from 3 to 5 in the morning. */
const nightHours = { from: 3, to: 5 };

/** The night whose upkeep is due at an instant (its Malaysia day), if it is the quiet hours. */
export function upkeepNight(now: Date): string | undefined {
  const hour = malaysiaWallClock(now).getUTCHours();
  return hour >= nightHours.from && hour < nightHours.to ? malaysiaDay(now) : undefined;
}

/**
 * Does for the embedded database what autovacuum does for PostgreSQL, which PGlite lacks
 * (docs/decisions/0019-bulk-work-in-turns.md): it frees the room of rows updated or deleted, and
 * refreshes the statistics the planner chooses by. Without it, statistics taken when a table was
 * small send lookups of a large one to a scan of all of it. Each table is done on its own (a few
 * hundred milliseconds for 100,000 bills), then a pause as long, so that requests in between go
 * first. Answers the tables done.
 */
export async function tidyEmbeddedDatabase(db: Database): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  for (const { name } of tables) {
    const began = performance.now();
    await db.execute(sql`vacuum analyze ${sql.identifier(name)}`);
    await sleep(performance.now() - began);
  }
  return tables.map((table) => table.name);
}
