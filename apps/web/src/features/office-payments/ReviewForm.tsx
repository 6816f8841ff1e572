import {
  reviewDecisions,
  reviewDecisionSchema,
  type ReviewDecisionForm,
} from '@portal/domain/forms';
import type { AnswerOf } from '@portal/domain/contracts/endpoint';
import type { officePaymentsApi } from '@portal/domain/contracts/office-payments';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import panel from '../../components/ActionPanel.module.css';
import styles from './OfficePayments.module.css';
import { ReasonField } from '../staff';
import { fieldErrorText } from '../../components/form/field-error-text';

/**
 * A finance officer's decision on a flagged payment (docs/back-office.md): accept it as paid, with
 * the transaction the gateway's report shows, or reject the flag; the reason goes on record.
 */
export function ReviewForm({
  send,
}: {
  send: (decision: ReviewDecisionForm) => Promise<AnswerOf<typeof officePaymentsApi.resolveReview>>;
}) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const id = useId();
  const form = useDomainForm(reviewDecisionSchema, { decision: '', trans_id: '', reason: '' });
  const { errorKey: decisionError, ...decision } = form.field('decision', t('review.decision'));
  const onSubmit = form.handleSubmit({ send, onSuccess: () => {} });
  return (
    <form
      className={`${panel.panel} ${panel.warning}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`}>{t('review.heading')}</h2>
      <p>{t('review.intro')}</p>
      <FormProblem form={form} />
      <fieldset
        className={styles.decision}
        aria-invalid={decisionError ? true : undefined}
        aria-describedby={decisionError ? `${id}-decision-error` : undefined}
      >
        <legend>{t('review.decision')}</legend>
        {reviewDecisions.map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" {...decision} value={value} />
            {t(`review.${value}`)}
          </label>
        ))}
        {decisionError ? (
          <p id={`${id}-decision-error`} className={styles.error}>
            {fieldErrorText(tPortal, decisionError, t('review.decision'))}
          </p>
        ) : null}
      </fieldset>
      <TextField
        form={form}
        name="trans_id"
        label={t('review.transId')}
        hint={t('review.transIdHint')}
        autoComplete="off"
      />
      <ReasonField form={form} />
      <div>
        <Button type="submit">{t('review.submit')}</Button>
      </div>
    </form>
  );
}
