import { hashKey, type QueryKey } from '@tanstack/react-query';

/**
 * Requests started as the page opens, before the code of the screen that needs them has arrived
 * (a printed licence's QR code opens its check, often on a slow phone line): each is kept under the
 * key of the query that will want it, and handed to that query once, so a screen opened again
 * later asks afresh.
 */
const askedAhead = new Map<string, Promise<unknown>>();

/** Starts `ask` now, for the query of `queryKey`. */
export function askAhead(queryKey: QueryKey, ask: () => Promise<unknown>): void {
  const key = hashKey(queryKey);
  if (askedAhead.has(key)) return;
  const answer = ask();
  // Its failure is the query's to show, when it takes the answer.
  answer.catch(() => {});
  askedAhead.set(key, answer);
}

/** The answer asked for ahead for the query of `queryKey`, taken once; otherwise `ask`, now. */
export function answerAskedAhead<T>(queryKey: QueryKey, ask: () => Promise<T>): Promise<T> {
  const key = hashKey(queryKey);
  const answer = askedAhead.get(key) as Promise<T> | undefined;
  if (!answer) return ask();
  askedAhead.delete(key);
  return answer;
}
