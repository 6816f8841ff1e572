import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '../ui/icons';
import {
  SNACKBAR_TIMEOUT_MS,
  SnackbarContext,
  type SnackbarApi,
  type SnackbarMessage,
  type SnackbarTone,
} from './snackbar-context';
import styles from './SnackbarProvider.module.css';

interface Shown {
  id: number;
  message: string;
  tone: SnackbarTone;
  forNextPage: boolean;
}

const icons = { info: InfoIcon, success: CheckCircleIcon, error: AlertIcon } as const;

let nextId = 1;

/**
 * Holds the one snackbar of the app (docs/screens.md). The two live
 * regions are always in the page, so screen readers announce a message as soon as it is put in:
 * errors assertively (role alert), everything else politely (role status).
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  // The timer waits while the reader points at or focuses the message (WCAG 2.2.1 Timing Adjustable).
  const [paused, setPaused] = useState(false);

  const hide = useCallback(() => {
    setShown(null);
    setPaused(false); // a removed message fires no blur / mouseleave
  }, []);
  const show = useCallback(({ message, tone = 'info', forNextPage = false }: SnackbarMessage) => {
    setShown({ id: nextId++, message, tone, forNextPage });
    setPaused(false);
  }, []);
  // A message left over from the last page would cover this one's content (a checkout's total).
  const pageChanged = useCallback(() => {
    setShown((current) => (current?.forNextPage ? { ...current, forNextPage: false } : null));
  }, []);
  const api = useMemo<SnackbarApi>(() => ({ show, hide, pageChanged }), [show, hide, pageChanged]);

  useEffect(() => {
    if (!shown || paused) return;
    const timer = window.setTimeout(hide, SNACKBAR_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [shown, paused, hide]);

  const render = (tones: SnackbarTone[]) => {
    if (!shown || !tones.includes(shown.tone)) return null;
    const Icon = icons[shown.tone];
    return (
      <div
        key={shown.id}
        className={`${styles.snackbar} ${styles[shown.tone]}`}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <p className={styles.message}>
          <Icon />
          <span>{shown.message}</span>
        </p>
        <button type="button" className={styles.ok} onClick={hide}>
          {t('snackbar.ok')}
        </button>
      </div>
    );
  };

  return (
    <SnackbarContext value={api}>
      {children}
      <div className={styles.region} role="status">
        {render(['info', 'success'])}
      </div>
      <div className={styles.region} role="alert">
        {render(['error'])}
      </div>
    </SnackbarContext>
  );
}
