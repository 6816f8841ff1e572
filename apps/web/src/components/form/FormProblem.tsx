import type { ErrorCode } from '@portal/domain/errors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../ui/Notice';
import { ErrorSummary, type ErrorSummaryProps } from './ErrorSummary';

/**
 * What is wrong with a form, in the reader's language: its error summary, and a refusal of the
 * whole form, announced when it appears, with the request's reference when the server was at
 * fault.
 */
export function FormProblem({
  form: { problem, problemReference, fieldProblems, focusField },
  tone = 'error',
  children,
}: {
  /** The form layer's refusal, and the failed request's id when the server was at fault. */
  form: {
    problem: ErrorCode | undefined;
    problemReference: string | undefined;
  } & Partial<ErrorSummaryProps['form']>;
  tone?: 'info' | 'error';
  /** Words of the form's own for this refusal, instead of the catalogue's `errors.<code>`. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {fieldProblems && focusField ? <ErrorSummary form={{ fieldProblems, focusField }} /> : null}
      {problem ? (
        <Notice tone={tone} live>
          <p>{children ?? t(`errors.${problem}`)}</p>
          {problemReference ? <p>{t('errors.reference', { id: problemReference })}</p> : null}
        </Notice>
      ) : null}
    </>
  );
}
