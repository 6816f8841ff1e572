import type { ReactNode } from 'react';
import { AlertIcon, InfoIcon } from './icons';
import styles from './Notice.module.css';

export interface NoticeProps {
  tone?: 'info' | 'error';
  children: ReactNode;
  /** Announce it when it appears (role alert); leave off for text that is there from the start. */
  live?: boolean;
}

/** A message inside the page, e.g. a failed load with its retry button. */
export function Notice({ tone = 'info', live = false, children }: NoticeProps) {
  const Icon = tone === 'error' ? AlertIcon : InfoIcon;
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={live ? 'alert' : undefined}>
      <Icon />
      <div className={styles.body}>{children}</div>
    </div>
  );
}
