import { currentLanguage } from '../../i18n/i18n';
import { writtenDateTime } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import type { ReceiptCheck } from '@portal/domain/contracts/receipts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { ScreenHeading } from '../../components/PageHeading';
import { Container } from '../../components/ui/Container';
import { AlertIcon, CheckCircleIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { errorCodeOf } from '../../lib/api-client';
import { ErrorRetryNotice } from './ErrorRetryNotice';
import { useReceiptCheck } from './check-receipt';
import { OutcomeCard, OutcomeFacts } from './OutcomeCard';
import { ReceiptLines } from './ReceiptLines';
import layout from '../../components/PageLayout.module.css';
import styles from './ReceiptCheckPage.module.css';

function Genuine({ check }: { check: ReceiptCheck }) {
  const { t } = useTranslation();
  const paid = check.status === 'successful';
  return (
    <OutcomeCard
      tone="success"
      icon={<CheckCircleIcon size={32} />}
      title={t('receipts.check.genuine')}
      lead={<p>{t('receipts.check.genuineText')}</p>}
    >
      {paid ? null : (
        <Notice tone="error">
          <p>
            <strong>{t('receipts.receipt.notPaidStamp')}</strong> {t('receipts.check.notPaid')}
          </p>
        </Notice>
      )}
      <OutcomeFacts className={styles.facts}>
        <div>
          <dt>{t('receipts.field.reference')}</dt>
          <dd>{check.reference}</dd>
        </div>
        <div>
          <dt>{t('receipts.field.paidAt')}</dt>
          <dd>{check.paid_at ? writtenDateTime(check.paid_at, currentLanguage()) : '—'}</dd>
        </div>
        <div>
          <dt>{t('receipts.field.total')}</dt>
          <dd>{formatRinggit(check.amount)}</dd>
        </div>
        <div>
          <dt>{t('receipts.field.status')}</dt>
          <dd>{t(`paymentStatus.${check.status}`)}</dd>
        </div>
      </OutcomeFacts>
      {/* Which bills it paid, so that a checker can match it to the council's own records. */}
      <ReceiptLines
        items={check.items}
        total={check.amount}
        caption={t('receipts.receipt.servicesHeading')}
      />
    </OutcomeCard>
  );
}

function NoMatch() {
  const { t } = useTranslation();
  return (
    <OutcomeCard
      tone="failure"
      icon={<AlertIcon size={32} />}
      title={t('receipts.check.noMatch')}
      lead={<p>{t('receipts.check.noMatchText')}</p>}
    />
  );
}

/**
 * `/receipt_check?reference=…&code=…`, where a receipt's QR code leads: anyone holding the paper can
 * see that the portal issued it, for which bills and what total, without seeing who paid.
 */
export function ReceiptCheckPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reference = (params.get('reference') ?? '').trim();
  const code = (params.get('code') ?? '').trim();
  const check = useReceiptCheck(reference, code);
  const errorCode = check.isError ? errorCodeOf(check.error) : undefined;

  let body;
  if (!reference || !code || errorCode === 'not_found') body = <NoMatch />;
  else if (check.data) body = <Genuine check={check.data} />;
  else if (errorCode) {
    body = <ErrorRetryNotice query={check} errorCode={errorCode} />;
  } else {
    body = (
      <p className={styles.muted} role="status">
        {t('receipts.check.checking')}
      </p>
    );
  }

  return (
    <Container className={layout.page}>
      <ScreenHeading page="receiptCheck" />
      {/* The verdict is announced when it replaces 'checking'. */}
      <div className={`${layout.body} ${styles.body}`} aria-live="polite">
        {body}
      </div>
    </Container>
  );
}
