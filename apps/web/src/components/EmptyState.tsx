import { useId, type ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** In place of a list with nothing in it (the cart, the payment history): what, and where next. */
export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  /** A line of explanation and the way on. */
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={styles.empty} aria-labelledby={titleId}>
      <span className={styles.icon}>{icon}</span>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
