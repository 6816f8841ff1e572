import type { LicenceApplicationView } from '@portal/domain/contracts/licences';
import { writtenDate } from '@portal/domain/display-filters';
import { licencePath } from '@portal/domain/web-paths';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import styles from '../../components/SearchLayout.module.css';
import own from './LicencesPage.module.css';
import { useFocusWhenShown } from '../../lib/focus-new-content';

/** Where an application stands, and what its applicant should do next (docs/licences.md). */
export function ApplicationCard({
  application,
  councilName,
}: {
  application: LicenceApplicationView;
  councilName: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const headingRef = useFocusWhenShown<HTMLHeadingElement>();
  const lang = currentLanguage();
  const licence = application.licence_no;
  // An approved licence is an operating or a trading one; its number says which (LO, LP).
  const category = licence?.startsWith('LO') ? 'operating' : 'trading';

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <header className={styles.cardHeader}>
        <div>
          <p className={styles.eyebrow}>{t(`licenceKinds.${application.kind}`)}</p>
          <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.account}>
            {application.reference}
          </h3>
        </div>
        <p className={styles.status}>{t(`licences.application.status.${application.status}`)}</p>
      </header>
      <Notice tone={application.status === 'rejected' ? 'error' : 'info'}>
        <p>{t(`licences.application.next.${application.status}`)}</p>
      </Notice>
      <dl className={styles.details}>
        <div className={styles.row}>
          <dt>{t('search.field.council')}</dt>
          <dd>{councilName}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('licences.field.businessName')}</dt>
          <dd>{application.business_name}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('licences.application.applicant')}</dt>
          <dd>{application.applicant_name}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('licences.application.submittedOn')}</dt>
          <dd>{writtenDate(application.submitted_on, lang)}</dd>
        </div>
        {application.decided_on ? (
          <div className={styles.row}>
            <dt>{t('licences.application.decidedOn')}</dt>
            <dd>{writtenDate(application.decided_on, lang)}</dd>
          </div>
        ) : null}
        {application.note ? (
          <div className={styles.row}>
            <dt>{t('licences.application.note')}</dt>
            <dd>{application.note}</dd>
          </div>
        ) : null}
      </dl>
      {application.history.length > 0 ? (
        <section aria-labelledby={`${id}-history`} className={own.history}>
          <h4 id={`${id}-history`} className={own.timelineHeading}>
            {t('licences.application.history')}
          </h4>
          <ol className={own.timeline}>
            {application.history.map((step, index) => (
              <li
                // A history only grows at its end, and two steps may share a status and a day.
                key={index}
                className={own.step}
                aria-current={index === application.history.length - 1 ? 'step' : undefined}
              >
                <p className={own.stepStatus}>{t(`licences.application.status.${step.status}`)}</p>
                <p className={own.stepDate}>
                  <time dateTime={step.on}>{writtenDate(step.on, lang)}</time>
                </p>
                {step.note ? <p className={own.stepNote}>{step.note}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {licence ? (
        <div className={styles.actions}>
          <Link
            to={licencePath({
              council: application.council,
              search: category,
              licence_no: licence,
            })}
          >
            {t('licences.application.openLicence', { licence })}
          </Link>
        </div>
      ) : null}
    </article>
  );
}
