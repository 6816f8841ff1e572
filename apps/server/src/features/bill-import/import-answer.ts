import { listedRows, type BillImportAnswer } from '@portal/domain/contracts/bill-import';
import type { Database } from '../../db/database';
import { pauseSecondsOfWrite } from './staged-write';

type Derived = 'more_problems' | 'more_changes' | 'pause_seconds';

/**
 * What a check or an import of a file answers: its problems and its changes in line order, at most
 * `listedRows` of each, with how many more there are, and how long writing its new and changed
 * records holds the portal on `db` (docs/bill-import.md).
 */
export function importAnswer(
  db: Database,
  figures: Omit<BillImportAnswer, Derived>,
): BillImportAnswer {
  const problems = figures.problems.toSorted((a, b) => a.line - b.line);
  const changes = figures.changes.toSorted((a, b) => a.line - b.line);
  return {
    ...figures,
    problems: problems.slice(0, listedRows),
    more_problems: Math.max(problems.length - listedRows, 0),
    changes: changes.slice(0, listedRows),
    more_changes: Math.max(changes.length - listedRows, 0),
    pause_seconds: pauseSecondsOfWrite(db, figures.created + figures.updated),
  };
}
