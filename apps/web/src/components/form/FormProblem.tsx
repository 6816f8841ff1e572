import type { ErrorCode } from '@portal/domain/errors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../ui/Notice';

/**
 * A refusal of the whole form, in the reader's language, announced when it appears; with the
 * request's reference when the server was at fault.
 */
export function FormProblem({
  problem,
  reference,
  tone = 'error',
  children,
}: {
  problem: ErrorCode | undefined;
  /** The failed request's id, when the server was at fault: for the reader to quote. */
  reference?: string | undefined;
  tone?: 'info' | 'error';
  /** Words of the form's own for this refusal, instead of the catalogue's `errors.<code>`. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <Notice tone={tone} live>
      <p>{children ?? t(`errors.${problem}`)}</p>
      {reference ? <p>{t('errors.reference', { id: reference })}</p> : null}
    </Notice>
  );
}
