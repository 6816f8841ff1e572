import type { ReactNode } from 'react';
import { Container } from './ui/Container';
import styles from './StatusPanel.module.css';

export interface StatusPanelProps {
  icon: ReactNode;
  /** The page's one h1. */
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** A calm, centred panel for pages that only say something: placeholders, 404, errors. */
export function StatusPanel({ icon, title, children, actions }: StatusPanelProps) {
  return (
    <Container>
      <section className={styles.panel} aria-labelledby="status-title">
        <div className={styles.icon}>{icon}</div>
        <h1 id="status-title" className={styles.title}>
          {title}
        </h1>
        <div className={styles.body}>{children}</div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </section>
    </Container>
  );
}
