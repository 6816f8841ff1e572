import type { ErrorCode } from '@portal/domain/errors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../ui/Notice';

/**
 * A refusal of the whole form, in the reader's language, announced when it appears; with the
 * request's reference when the server was at fault.
 */
export function FormProblem({
  form: { problem, problemReference },
  tone = 'error',
  children,
}: {
  /** The form layer's refusal, and the failed request's id when the server was at fault. */
  form: { problem: ErrorCode | undefined; problemReference: string | undefined };
  tone?: 'info' | 'error';
  /** Words of the form's own for this refusal, instead of the catalogue's `errors.<code>`. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <Notice tone={tone} live>
      <p>{children ?? t(`errors.${problem}`)}</p>
      {problemReference ? <p>{t('errors.reference', { id: problemReference })}</p> : null}
    </Notice>
  );
}
