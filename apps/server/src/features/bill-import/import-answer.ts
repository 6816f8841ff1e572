import { listedRows, type BillImportAnswer } from '@portal/domain/contracts/bill-import';

type Listed = 'problems' | 'more_problems' | 'changes' | 'more_changes';

/**
 * What a check or an import of a file answers: its problems and its changes in line order, at most
 * `listedRows` of each, with how many more there are (docs/bill-import.md).
 */
export function importAnswer(
  figures: Omit<BillImportAnswer, Listed> & Pick<BillImportAnswer, 'problems' | 'changes'>,
): BillImportAnswer {
  const problems = figures.problems.toSorted((a, b) => a.line - b.line);
  const changes = figures.changes.toSorted((a, b) => a.line - b.line);
  return {
    ...figures,
    problems: problems.slice(0, listedRows),
    more_problems: Math.max(problems.length - listedRows, 0),
    changes: changes.slice(0, listedRows),
    more_changes: Math.max(changes.length - listedRows, 0),
  };
}
