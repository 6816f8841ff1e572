import { useTranslation } from 'react-i18next';
import { Notice } from '../ui/Notice';
import { summaryErrorText } from './field-error-text';
import styles from './ErrorSummary.module.css';
import type { FieldProblem } from './use-domain-form';

export interface ErrorSummaryProps {
  form: { fieldProblems: readonly FieldProblem[]; focusField: (name: string) => void };
}

/**
 * After a send that found several wrong fields, a list naming each one, a tap away from it, so
 * that none is missed on a long form (docs/screens.md). One wrong field is told where focus goes.
 */
export function ErrorSummary({ form: { fieldProblems, focusField } }: ErrorSummaryProps) {
  const { t } = useTranslation();
  if (fieldProblems.length < 2) return null;
  return (
    <Notice tone="error">
      <p>{t('form.summary', { count: fieldProblems.length })}</p>
      <ul className={styles.summary}>
        {fieldProblems.map(({ name, label, key }) => (
          <li key={name}>
            <button type="button" className={styles.fieldLink} onClick={() => focusField(name)}>
              {summaryErrorText(t, key, label)}
            </button>
          </li>
        ))}
      </ul>
    </Notice>
  );
}
