import { lazy, type ComponentType } from 'react';

/**
 * After a new release the old page may ask for script chunks that no longer exist:
 * a chunk load failure reloads the page, at most once per minute (so a real outage cannot loop).
 */
const LAST_RELOAD_KEY = 'app.chunkReloadAt';
const MIN_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page unless it did so less than a minute ago; answers whether it reloads. */
export function reloadAfterChunkError(now: number = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (now - last < MIN_INTERVAL_MS) return false;
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    return false; // without storage we cannot tell a loop from a first try
  }
  window.location.reload();
  return true;
}

/**
 * A component whose code is fetched when it is first shown. When that code cannot be fetched
 * (offline, or a release replaced it) the page reloads, at most once a minute, and `Unavailable`
 * stands in, so that the rest of the page keeps working.
 */
export function lazyOrUnavailable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  Unavailable: ComponentType<Props>,
) {
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        if (isChunkLoadError(error)) reloadAfterChunkError();
        return { default: Unavailable };
      },
    ),
  );
}
