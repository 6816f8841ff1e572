import { reminderChoicesSchema, type ReminderChoices } from '@portal/domain/forms';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/form/CheckboxField';
import { FormProblem } from '../../components/form/FormProblem';
import { useDomainForm } from '../../components/form/use-domain-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { useSessionEnded } from '../../shared/session';
import { useReminderChoices, useSetReminders } from './my-accounts';
import styles from './MyAccounts.module.css';

function ChoicesForm({
  choices,
  className,
}: {
  choices: ReminderChoices;
  className: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const snackbar = useSnackbar();
  const sessionEnded = useSessionEnded();
  const save = useSetReminders();
  const form = useDomainForm(reminderChoicesSchema, choices);
  const onSubmit = form.handleSubmit({
    send: save.mutateAsync,
    onSuccess: (answer) => {
      form.reset(answer);
      snackbar.show({ message: t('myAccounts.remindersSaved'), tone: 'success' });
    },
    onError: sessionEnded,
  });
  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.choicesTitle}>
        {t('myAccounts.remindersHeading')}
      </h2>
      <p className={styles.muted}>{t('myAccounts.remindersIntro')}</p>
      <form className={styles.saveForm} onSubmit={onSubmit} noValidate>
        <CheckboxField form={form} name="assessment" label={t('myAccounts.remindAssessment')} />
        <CheckboxField form={form} name="license" label={t('myAccounts.remindLicense')} />
        <CheckboxField form={form} name="compound" label={t('myAccounts.remindCompound')} />
        <FormProblem form={form} />
        <div>
          <Button type="submit" aria-busy={save.isPending || undefined}>
            {t('myAccounts.remindersSave')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * The profile's choice of reminder e-mails of saved accounts, one switch per kind, each on until
 * the user turns it off (docs/my-accounts.md). `className` is the profile's card.
 */
export function ReminderChoicesForm({ className }: { className?: string }) {
  const choices = useReminderChoices(true);
  return choices.data ? <ChoicesForm choices={choices.data} className={className} /> : null;
}
