import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type ms from '@portal/domain/words/screens/ms';
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

/** A citizen screen whose heading has an introduction (`intros.<page>` in the shell's words). */
export type IntroducedPage = keyof typeof ms.intros;

/** Whether the page's heading has an introduction: whether the shell can show it ahead. */
export function isIntroducedPage(page: string, i18n: i18n): page is IntroducedPage {
  return i18n.exists(`intros.${page}`);
}

/**
 * A citizen screen's own heading: its name and introduction. Both are the shell's words, so the
 * shell shows the same heading while the screen's code is still arriving (PageLoading).
 */
export function ScreenHeading({ page }: { page: IntroducedPage }) {
  const { t } = useTranslation();
  return <PageHeading title={t(`pages.${page}`)} intro={t(`intros.${page}`)} />;
}
