import { writtenDate } from '@portal/domain/display-filters';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'wouter';
import { ScreenHeading } from '../../components/PageHeading';
import { Container } from '../../components/ui/Container';
import { AlertIcon, CheckCircleIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { RetryNotice } from '../../components/RetryNotice';
import { currentLanguage } from '../../i18n/i18n';
import { errorCodeOf, errorText } from '../../lib/api-client';
import { statusText } from '../../shared/status-text';
import { CouncilLogo } from './CouncilLogo';
import { useLicenceCheck } from './check-licence';
import layout from '../../components/PageLayout.module.css';
import styles from '../../components/SearchLayout.module.css';
import own from './LicencesPage.module.css';

/**
 * `/license/detail/{licence number}?council=`: where a printed licence's QR code leads. A live
 * verdict in large type for an officer in the street, with what identifies the business; nothing
 * personal and no fees (docs/licences.md).
 */
export function LicenceCheckPage() {
  const { t } = useTranslation();
  const { licenceNo = '' } = useParams();
  const [params] = useSearchParams();
  const council = params.get('council') ?? '';
  const check = useLicenceCheck(council, licenceNo);
  const lang = currentLanguage();
  const day = (value: string | null) => (value ? writtenDate(value, lang) : '-');
  const verdict = check.data;

  return (
    <Container className={layout.page}>
      <ScreenHeading page="licenceCheck" />
      <div className={own.checkResult}>
        {!council || !licenceNo ? (
          <Notice tone="error">
            <p>{t('licences.check.missingCouncil')}</p>
          </Notice>
        ) : null}
        {check.isError ? (
          errorCodeOf(check.error) === 'not_found' ? (
            <Notice tone="error" live>
              <p>{t('licences.check.unknown')}</p>
            </Notice>
          ) : (
            <RetryNotice query={check} retryLabel={t('receipts.retry')}>
              {errorText(t, check.error)}
            </RetryNotice>
          )
        ) : null}
        {verdict ? (
          <article className={styles.card} aria-labelledby="licence-verdict">
            <p className={own.issuer}>
              <CouncilLogo src={verdict.council_logo} />
              <strong>{verdict.council_name}</strong>
            </p>
            <div className={`${own.verdict} ${verdict.valid ? own.valid : own.notValid}`}>
              {verdict.valid ? <CheckCircleIcon /> : <AlertIcon />}
              <p id="licence-verdict" className={own.verdictWord} role="status">
                {verdict.valid ? t('licences.check.valid') : t('licences.check.notValid')}
              </p>
              <p>{verdict.licence_no}</p>
            </div>
            <dl className={styles.details}>
              {[
                [t('licences.field.businessName'), verdict.business_name],
                [t('licences.field.location'), verdict.location],
                [t('licences.field.status'), statusText(t, verdict.status)],
                [t('licences.field.validFrom'), day(verdict.valid_from)],
                [t('licences.field.validUntil'), day(verdict.valid_until)],
              ].map(([label, value]) => (
                <div key={label} className={styles.row}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p className={styles.formIntro}>
              {t('licences.check.checkedOn', { date: day(verdict.checked_on) })}
            </p>
          </article>
        ) : null}
      </div>
    </Container>
  );
}
