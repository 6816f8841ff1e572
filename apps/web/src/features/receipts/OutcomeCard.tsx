import { useId, type ReactNode } from 'react';
import styles from './OutcomeCard.module.css';

export interface OutcomeCardProps {
  /** Colours the card's top edge and the icon's disc. */
  tone: 'pending' | 'success' | 'failure';
  icon: ReactNode;
  title: string;
  /** What the verdict means, or what to do now, under the title. */
  lead: ReactNode;
  /** Makes the icon, title and lead a polite live region, read out again when they change. */
  live?: boolean;
  /** The rest of the card: notices, facts, actions. */
  children?: ReactNode;
}

/** A verdict on a payment (the confirmation page) or on a receipt (the receipt check). */
export function OutcomeCard({ tone, icon, title, lead, live = false, children }: OutcomeCardProps) {
  const titleId = useId();
  return (
    <section className={`${styles.card} ${styles[tone]}`} aria-labelledby={titleId}>
      <div className={styles.head} role={live ? 'status' : undefined}>
        <span className={styles.icon}>{icon}</span>
        <div className={styles.headText}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {lead}
        </div>
      </div>
      {children}
    </section>
  );
}

/** The facts under an outcome card's verdict: each label over its value, two to a row from 40rem up. */
export function OutcomeFacts({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={className ? `${styles.facts} ${className}` : styles.facts}>{children}</dl>;
}
