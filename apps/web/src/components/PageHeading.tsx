import styles from './PageHeading.module.css';

/** The heading and one-line introduction at the top of a screen. */
export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{intro}</p>
    </header>
  );
}
