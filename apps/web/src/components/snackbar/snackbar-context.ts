import { createContext, use } from 'react';

export type SnackbarTone = 'info' | 'success' | 'error';

export interface SnackbarMessage {
  message: string;
  tone?: SnackbarTone;
}

export interface SnackbarApi {
  /** Shows a message bottom right, replacing any message on screen. */
  show(message: SnackbarMessage): void;
  hide(): void;
}

/** The snackbar hides itself after 10 seconds (docs/screens.md). */
export const SNACKBAR_TIMEOUT_MS = 10_000;

export const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = use(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
