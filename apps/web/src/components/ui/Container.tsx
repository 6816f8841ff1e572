import type { ReactNode } from 'react';
import styles from './Container.module.css';

/** The page's content column: full width on phones, centred and capped on wide screens. */
export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={className ? `${styles.container} ${className}` : styles.container}>
      {children}
    </div>
  );
}
