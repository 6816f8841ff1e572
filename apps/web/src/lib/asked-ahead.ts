/**
 * Requests started as the page opens, before the code of the screen that needs them has arrived
 * (a printed licence's QR code opens its check, often on a slow phone line): each is handed to the
 * first query that asks for it, and only once, so a screen opened again later asks afresh.
 */
const askedAhead = new Map<string, Promise<unknown>>();

/** Starts `ask` now, kept under `key` for the query that will want it. */
export function askAhead(key: string, ask: () => Promise<unknown>): void {
  if (askedAhead.has(key)) return;
  const answer = ask();
  // Its failure is the query's to show, when it takes the answer.
  answer.catch(() => {});
  askedAhead.set(key, answer);
}

/** The answer asked for ahead under `key`, taken once; otherwise `ask`, now. */
export function answerAskedAhead<T>(key: string, ask: () => Promise<T>): Promise<T> {
  const answer = askedAhead.get(key) as Promise<T> | undefined;
  if (!answer) return ask();
  askedAhead.delete(key);
  return answer;
}
