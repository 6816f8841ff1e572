import { createContext, use } from 'react';

/** The login dialog's two views (docs/screens.md): log in, or ask for a password-reset link. */
export type LoginView = 'login' | 'forgot';

/**
 * Opens the shell's one login dialog from anywhere in a page: the log-in notice of a page that
 * needs a session, the reset page's 'log in with your new password'.
 */
export const LoginDialogContext = createContext<((view?: LoginView) => void) | null>(null);

export function useOpenLoginDialog(): (view?: LoginView) => void {
  const open = use(LoginDialogContext);
  if (!open) throw new Error('useOpenLoginDialog must be used inside the shell');
  return open;
}
