/**
 * Logs the first of a kind of event at once, then at most one line per window with how many more
 * came: a flood (forged gateway messages, say) is visible without filling the disk.
 */
export function logOncePerWindow(
  write: (repeats: number) => void,
  windowMs = 60_000,
  now: () => number = Date.now,
) {
  let windowEnds = 0;
  let suppressed = 0;
  return () => {
    if (now() < windowEnds) {
      suppressed++;
      return;
    }
    write(suppressed);
    suppressed = 0;
    windowEnds = now() + windowMs;
  };
}

/**
 * For data that no longer reads (hand-edited settings or contacts): a function taking the problem,
 * which logs the newest one as an error, `consequence` appended, at most once per window.
 */
export function logUnreadableOncePerWindow(
  log: { error(details: object, message: string): void },
  consequence: string,
): (problem: string) => void {
  let newest = '';
  const write = logOncePerWindow((repeats) => log.error({ repeats }, `${newest}; ${consequence}`));
  return (problem) => {
    newest = problem;
    write();
  };
}
