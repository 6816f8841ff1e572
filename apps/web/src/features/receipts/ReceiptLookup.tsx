import { useTranslation } from 'react-i18next';
import { lazyForm } from '../../components/LazyForm';
import { Notice } from '../../components/ui/Notice';
import type { ReceiptLookupFormProps } from './ReceiptLookupForm';

/** Asked for only when this browser cannot open the payment: its code is fetched then. */
const ReceiptLookupForm = lazyForm(() =>
  import('./ReceiptLookupForm').then((module) => module.ReceiptLookupForm),
);

/**
 * The guest's way to a payment this browser cannot open (no token kept for it, another browser):
 * why it is asked for when the address names one, and the look-up form.
 */
export function ReceiptLookup({
  reference,
  onFound,
}: {
  /** The reference from the address, when there is one. */
  reference: string;
  onFound: ReceiptLookupFormProps['onFound'];
}) {
  const { t } = useTranslation();
  return (
    <>
      {reference ? <Notice>{t('receipts.tokenMissing')}</Notice> : null}
      <ReceiptLookupForm initialReference={reference} onFound={onFound} />
    </>
  );
}
