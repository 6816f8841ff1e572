import type { SavedAccount } from '@portal/domain/contracts/my-accounts';
import { nicknameSchema } from '@portal/domain/forms';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { useSessionEnded } from '../../shared/session';
import { useRenameAccount } from './my-accounts';
import styles from './MyAccounts.module.css';

/** A saved account's nickname, changed in place of its card's actions. */
export function RenameAccountForm({
  account,
  onDone,
}: {
  account: SavedAccount;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const sessionEnded = useSessionEnded();
  const rename = useRenameAccount(account.id);
  const form = useDomainForm(nicknameSchema, { nickname: account.nickname ?? '' });
  const onSubmit = form.handleSubmit({
    send: rename.mutateAsync,
    onSuccess: () => {
      snackbar.show({ message: t('myAccounts.renamed'), tone: 'success' });
      onDone();
    },
    onError: sessionEnded,
  });
  return (
    <form className={styles.renameForm} onSubmit={onSubmit} noValidate>
      <TextField
        form={form}
        name="nickname"
        label={t('myAccounts.nickname')}
        hint={t('myAccounts.nicknameHint')}
        autoComplete="off"
        maxLength={60}
        autoFocus
      />
      <FormProblem form={form} />
      <div className={styles.actions}>
        <Button type="submit" aria-busy={rename.isPending || undefined}>
          {t('myAccounts.saveName')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('myAccounts.cancel')}
        </Button>
      </div>
    </form>
  );
}
