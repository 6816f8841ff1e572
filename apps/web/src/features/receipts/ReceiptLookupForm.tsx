import { receiptLookupSchema } from '@portal/domain/forms';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { SearchIcon } from '../../components/ui/icons';
import { useFindReceipt, type GuestCredentials } from './find-receipt';
import styles from './ReceiptPage.module.css';

export interface ReceiptLookupFormProps {
  /** The reference from the address, when there is one. */
  initialReference?: string;
  onFound: (credentials: GuestCredentials, receipt: Receipt) => void;
}

/**
 * Finds a payment without the token this browser would have kept: its reference and the payer's
 * e-mail, checked with the domain's schema before they are sent.
 */
export function ReceiptLookupForm({ initialReference = '', onFound }: ReceiptLookupFormProps) {
  const { t } = useTranslation();
  const find = useFindReceipt();
  const form = useDomainForm(receiptLookupSchema, { reference: initialReference, email: '' });
  const onSubmit = form.handleSubmit({
    send: (credentials: GuestCredentials) => find.mutateAsync(credentials),
    onSuccess: (receipt, credentials) => onFound(credentials, receipt),
  });

  return (
    <section className={styles.lookup} aria-labelledby="receipt-lookup-title">
      <h2 id="receipt-lookup-title" className={styles.cardTitle}>
        {t('receipts.lookup.heading')}
      </h2>
      <p className={styles.muted}>{t('receipts.lookup.intro')}</p>
      <form className={styles.lookupForm} onSubmit={onSubmit} noValidate>
        <TextField
          form={form}
          name="reference"
          label={t('receipts.lookup.reference')}
          hint={t('receipts.lookup.reference_hint')}
          autoComplete="off"
          autoCapitalize="characters"
        />
        <TextField
          form={form}
          name="email"
          label={t('receipts.lookup.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        {/* Why the last look-up found nothing: 'not_found' gets words of its own. */}
        <FormProblem form={form}>
          {form.problem === 'not_found' ? t('receipts.lookup.notFound') : undefined}
        </FormProblem>
        <Button type="submit" block aria-busy={find.isPending || undefined}>
          <SearchIcon />
          {find.isPending ? t('receipts.lookup.searching') : t('receipts.lookup.submit')}
        </Button>
      </form>
    </section>
  );
}
