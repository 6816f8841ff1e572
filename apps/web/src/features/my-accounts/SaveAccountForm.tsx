import type { FoundBill } from '@portal/domain/contracts/search';
import { savedAccountSchema } from '@portal/domain/forms';
import { paths } from '@portal/domain/web-paths';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { useSession, useSessionEnded } from '../../shared/session';
import { useSaveAccount } from './my-accounts';
import styles from './MyAccounts.module.css';

/**
 * "Save to my accounts" under a bill found, for a logged-in user: the bill's council, type and
 * number, and a nickname if they give one (docs/my-accounts.md). Guests see nothing of it.
 */
export function SaveAccountForm({ bill }: { bill: FoundBill }) {
  const { t } = useTranslation();
  const id = useId();
  const session = useSession();
  const snackbar = useSnackbar();
  const sessionEnded = useSessionEnded();
  const save = useSaveAccount();
  const form = useDomainForm(
    savedAccountSchema,
    {
      council: bill.council,
      payment_type: bill.payment_type,
      account_no: bill.account_no,
      nickname: '',
    },
    { hidden: ['council', 'payment_type', 'account_no'] },
  );
  if (!session.user) return null;

  const onSubmit = form.handleSubmit({
    send: save.mutateAsync,
    onSuccess: (answer) => {
      form.reset();
      snackbar.show({
        message: t(answer.status === 'saved' ? 'myAccounts.saved' : 'myAccounts.alreadySaved', {
          account: answer.account.account_no,
        }),
        tone: answer.status === 'saved' ? 'success' : 'info',
      });
    },
    onError: sessionEnded,
  });

  return (
    <section className={styles.saveBox} aria-labelledby={`${id}-save`}>
      <h4 id={`${id}-save`} className={styles.saveTitle}>
        {t('myAccounts.saveHeading')}
      </h4>
      <form className={styles.saveForm} onSubmit={onSubmit} noValidate>
        <TextField
          form={form}
          name="nickname"
          label={t('myAccounts.nickname')}
          hint={t('myAccounts.nicknameHint')}
          autoComplete="off"
          maxLength={60}
        />
        <FormProblem form={form} />
        <div className={styles.saveActions}>
          <Button type="submit" variant="secondary" aria-busy={save.isPending || undefined}>
            {save.isPending ? t('myAccounts.saving') : t('myAccounts.save')}
          </Button>
          <Link to={paths.myAccounts}>{t('myAccounts.seeAll')}</Link>
        </div>
      </form>
    </section>
  );
}
