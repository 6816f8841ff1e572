import type { ErrorCode } from '@portal/domain/errors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../ui/Notice';

/** A refusal of the whole form, in the reader's language, announced when it appears. */
export function FormProblem({
  problem,
  tone = 'error',
  children,
}: {
  problem: ErrorCode | undefined;
  tone?: 'info' | 'error';
  /** Words of the form's own for this refusal, instead of the catalogue's `errors.<code>`. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <Notice tone={tone} live>
      <p>{children ?? t(`errors.${problem}`)}</p>
    </Notice>
  );
}
