import type { SavedAccount } from '@portal/domain/contracts/my-accounts';
import type { FoundBill } from '@portal/domain/contracts/search';
import { writtenDate } from '@portal/domain/display-filters';
import { formatRinggit, sumSen } from '@portal/domain/money';
import { billPath, paths } from '@portal/domain/web-paths';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { EmptyState } from '../../components/EmptyState';
import { lazyForm } from '../../components/LazyForm';
import { LoginRequired } from '../../components/LoginRequired';
import { ScreenHeading } from '../../components/PageHeading';
import { RetryNotice } from '../../components/RetryNotice';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button, buttonClassName } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { CartIcon, SearchIcon } from '../../components/ui/icons';
import { currentLanguage } from '../../i18n/i18n';
import { errorText } from '../../lib/api-client';
import { councilName, useCouncils } from '../../shared/get-councils';
import { useSession, useSessionEnded } from '../../shared/session';
import { cartItemFromBill, useAddToCart, type CartItem } from '../cart';
import { useRemoveAccount, useSavedAccounts } from './my-accounts';
import layout from '../../components/PageLayout.module.css';
import styles from './MyAccounts.module.css';

/**
 * The cart item "pay all due" adds for a bill that owes something: in full, and an assessment at
 * its full selection (docs/my-accounts.md); none for a bill with nothing due.
 */
function dueCartItem(bill: FoundBill | null): CartItem | undefined {
  if (!bill || bill.amount_due <= 0) return undefined;
  if (bill.payment_type !== 'assessment') return cartItemFromBill(bill);
  const full = bill.assessment_options?.find((option) => option.selection === 'full');
  return full
    ? cartItemFromBill(bill, {
        selection: 'full',
        amount: full.maximum,
        paidUntil: full.paid_until,
      })
    : undefined;
}

/** Opened by a card's "rename": its code is fetched then. */
const RenameAccountForm = lazyForm(() =>
  import('./RenameAccountForm').then((module) => module.RenameAccountForm),
);

function AccountCard({ account }: { account: SavedAccount }) {
  const { t } = useTranslation();
  const id = useId();
  const councils = useCouncils();
  const snackbar = useSnackbar();
  const sessionEnded = useSessionEnded();
  const remove = useRemoveAccount();
  const [renaming, setRenaming] = useState(false);
  const { bill } = account;
  const due = dueCartItem(bill) !== undefined;

  const onRemove = () =>
    remove.mutate(account.id, {
      onSuccess: () =>
        snackbar.show({
          message: t('myAccounts.removed', { account: account.account_no }),
          tone: 'success',
        }),
      onError: (error) => {
        if (!sessionEnded(error)) snackbar.show({ message: errorText(t, error), tone: 'error' });
      },
    });

  return (
    <li className={styles.account} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.accountTitle}>
        {account.nickname ?? account.account_no}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('myAccounts.council')}</dt>
          <dd>{councilName(councils.data, account.council)}</dd>
        </div>
        <div>
          <dt>{t('myAccounts.type')}</dt>
          <dd>{t(`paymentTypes.${account.payment_type}`)}</dd>
        </div>
        <div>
          <dt>{t('myAccounts.accountNo')}</dt>
          <dd className={styles.number}>{account.account_no}</dd>
        </div>
        {bill ? (
          <>
            <div>
              <dt>{t('myAccounts.amountDue')}</dt>
              <dd className={styles.amount}>
                {due ? formatRinggit(bill.amount_due) : t('myAccounts.nothingDue')}
              </dd>
            </div>
            {bill.due_date ? (
              <div>
                <dt>{t('myAccounts.dueDate')}</dt>
                <dd>{writtenDate(bill.due_date, currentLanguage()) || bill.due_date}</dd>
              </div>
            ) : null}
          </>
        ) : (
          <div>
            <dt>{t('myAccounts.amountDue')}</dt>
            <dd>{t('myAccounts.gone')}</dd>
          </div>
        )}
      </dl>
      {renaming ? (
        <RenameAccountForm account={account} onDone={() => setRenaming(false)} />
      ) : (
        <div className={styles.actions}>
          {due ? (
            <Link
              to={billPath(account)}
              className={buttonClassName({ variant: 'secondary' })}
              aria-describedby={`${id}-title`}
            >
              {t('myAccounts.pay')}
            </Link>
          ) : null}
          <Button
            variant="quiet"
            onClick={() => setRenaming(true)}
            aria-label={t('myAccounts.renameLabel', { account: account.account_no })}
          >
            {t('myAccounts.rename')}
          </Button>
          <Button
            variant="quiet"
            onClick={onRemove}
            aria-busy={remove.isPending || undefined}
            aria-label={t('myAccounts.removeLabel', { account: account.account_no })}
          >
            {t('myAccounts.remove')}
          </Button>
        </div>
      )}
    </li>
  );
}

function AccountList({ accounts, limit }: { accounts: SavedAccount[]; limit: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { addAll, adding } = useAddToCart();
  const dueItems = accounts.flatMap((account) => dueCartItem(account.bill) ?? []);
  const total = sumSen(dueItems.map((item) => item.amount));

  const payAllDue = async () => {
    if ((await addAll(dueItems)) !== undefined) navigate(paths.cart);
  };

  return (
    <>
      <div className={styles.summary}>
        <p className={styles.muted}>{t('myAccounts.count', { count: accounts.length, limit })}</p>
        <p className={styles.total}>
          {dueItems.length > 0
            ? t('myAccounts.payAllTotal', { total: formatRinggit(total) })
            : t('myAccounts.nothingDueAtAll')}
        </p>
        {dueItems.length > 0 ? (
          <Button onClick={() => void payAllDue()} aria-busy={adding || undefined}>
            <CartIcon />
            {t('myAccounts.payAllDue')}
          </Button>
        ) : null}
      </div>
      <ul className={styles.list} aria-label={t('myAccounts.listLabel')}>
        {accounts.map((account) => (
          <AccountCard key={account.id} account={account} />
        ))}
      </ul>
    </>
  );
}

/**
 * `/my_accounts` (docs/my-accounts.md): the user's saved accounts, each with what its bill owes
 * as the council's record says now, to rename, remove, or pay all at once. Needs a session.
 */
export function MyAccountsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const sessionEnded = useSessionEnded();
  const saved = useSavedAccounts(session.user !== null);
  const savedError = saved.error;

  useEffect(() => {
    if (savedError) sessionEnded(savedError);
  }, [savedError, sessionEnded]);

  let body;
  if (!session.pending && !session.user) body = <LoginRequired />;
  else if (saved.data?.accounts.length === 0) {
    body = (
      <EmptyState icon={<SearchIcon size={28} />} title={t('pages.myAccounts')}>
        <p>{t('myAccounts.empty')}</p>
        <Link to={paths.search} className={buttonClassName()}>
          {t('myAccounts.searchLink')}
        </Link>
      </EmptyState>
    );
  } else if (saved.data) {
    body = <AccountList accounts={saved.data.accounts} limit={saved.data.limit} />;
  } else if (saved.isError) {
    body = (
      <RetryNotice query={saved} retryLabel={t('myAccounts.retry')}>
        {errorText(t, saved.error)}
      </RetryNotice>
    );
  } else {
    body = (
      <p className={styles.muted} role="status">
        {t('myAccounts.loading')}
      </p>
    );
  }

  return (
    <Container className={layout.page}>
      <ScreenHeading page="myAccounts" />
      <div className={layout.body}>{body}</div>
    </Container>
  );
}
