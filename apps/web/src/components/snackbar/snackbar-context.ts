import { createContext, use } from 'react';

export type SnackbarTone = 'info' | 'success' | 'error';

export interface SnackbarMessage {
  message: string;
  tone?: SnackbarTone;
  /**
   * Said just before going to another page, about what brought the reader there (logged in,
   * logged out): it stays on that page. Any other message belongs to the page it was shown on.
   */
  forNextPage?: boolean;
}

export interface SnackbarApi {
  /** Shows a message bottom right, replacing any message on screen. */
  show(message: SnackbarMessage): void;
  hide(): void;
  /** The reader went to another page: a message that belonged to the last one goes with it. */
  pageChanged(): void;
}

/** The snackbar hides itself after 10 seconds (docs/screens.md). */
export const SNACKBAR_TIMEOUT_MS = 10_000;

export const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = use(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
