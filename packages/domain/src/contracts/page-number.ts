// No zod here: the history screen reads its page from the address with this, and shows no form.

/** The furthest page a paged listing answers (the history, the back office's lists). */
export const maxPageNumber = 10_000;

/**
 * A page number as an address writes it (`?page=2`), read as the contracts' `pageNumber` reads it:
 * a whole number from 1 to `maxPageNumber`, else undefined.
 */
export function pageNumberOf(text: string): number | undefined {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 && page <= maxPageNumber ? page : undefined;
}
