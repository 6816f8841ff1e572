import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, GlobeIcon } from './ui/icons';
import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { languageNames, languages } from '../i18n/languages';
import styles from './LanguageSelect.module.css';

/** The language switch: a native select, each language named in itself (docs/screens.md). */
export function LanguageSelect() {
  const { t } = useTranslation(); // re-renders on language change
  const id = useId();
  return (
    <div className={styles.language}>
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <GlobeIcon className={styles.languageIcon} size={18} />
      <select
        id={id}
        className={styles.languageSelect}
        value={currentLanguage()}
        onChange={(event) => void changeLanguage(event.target.value)}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
      <ChevronDownIcon className={styles.languageChevron} size={14} />
    </div>
  );
}
