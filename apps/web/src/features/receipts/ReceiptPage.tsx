import { useTranslation } from 'react-i18next';
import { ScreenHeading } from '../../components/PageHeading';
import { Container } from '../../components/ui/Container';
import { errorCodeOf } from '../../lib/api-client';
import { ErrorRetryNotice } from './ErrorRetryNotice';
import { needsGuestLookup, useReceipt } from './find-receipt';
import { ReceiptLookup } from './ReceiptLookup';
import { ReceiptView } from './ReceiptView';
import { useReceiptCredentials } from './use-receipt-credentials';
import styles from './ReceiptPage.module.css';

/**
 * `/receipt` (docs/screens.md): `?reference=` opens the receipt with the token this browser kept at
 * checkout; without one, the guest finds it with the reference and the payer's e-mail.
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const { reference, credentials, waiting, found } = useReceiptCredentials();
  const receipt = useReceipt(credentials);
  const errorCode = receipt.isError ? errorCodeOf(receipt.error) : undefined;

  let body;
  if (receipt.data && credentials) {
    body = <ReceiptView receipt={receipt.data} credentials={credentials} />;
  } else if (waiting) {
    body = (
      <p className={styles.muted} role="status">
        {t('receipts.receipt.loading')}
      </p>
    );
  } else if (!credentials || needsGuestLookup(credentials, errorCode)) {
    body = <ReceiptLookup reference={reference} onFound={found} />;
  } else if (errorCode) {
    body = <ErrorRetryNotice query={receipt} errorCode={errorCode} />;
  } else {
    body = (
      <p className={styles.muted} role="status">
        {t('receipts.receipt.loading')}
      </p>
    );
  }

  return (
    <Container className={styles.page}>
      <div className={styles.noPrint}>
        <ScreenHeading page="receipt" />
      </div>
      <div className={styles.body}>{body}</div>
    </Container>
  );
}
