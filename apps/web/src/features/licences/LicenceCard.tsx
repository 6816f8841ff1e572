import type { LicenceDetail } from '@portal/domain/contracts/licences';
import { writtenDate, writtenDateTime } from '@portal/domain/display-filters';
import type { RenewalPeriod } from '@portal/domain/licences';
import { formatRinggit } from '@portal/domain/money';
import { licenceCheckPath, paths } from '@portal/domain/web-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClassName } from '../../components/ui/Button';
import { CartIcon, CheckCircleIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { statusText } from '../../shared/status-text';
import { cartItemFromRenewal, useAddToCart } from '../cart';
import { CouncilLogo } from './CouncilLogo';
import { PrintLicenceForm } from './PrintLicenceForm';
import styles from '../../components/SearchLayout.module.css';
import own from './LicencesPage.module.css';
import { useFocusWhenShown } from '../../lib/focus-new-content';

function Row({ label, value }: { label: string; value: string | undefined }) {
  if (value === undefined || value === '') return null;
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * A licence as its holder sees it (docs/licences.md): whether it is valid today, what the printed
 * licence shows, its latest payments, and what can be done now: renew it, pay its fee, check it.
 * Focus comes here when it appears.
 */
export function LicenceCard({
  licence,
  councilName,
}: {
  licence: LicenceDetail;
  councilName: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const lang = currentLanguage();
  const headingRef = useFocusWhenShown<HTMLHeadingElement>();
  const { add: addToCart, adding } = useAddToCart();
  const options = licence.renewal.renewable ? licence.renewal.options : [];
  const [period, setPeriod] = useState<RenewalPeriod | undefined>(options.at(-1)?.period);

  const day = (value: string | null) => (value ? writtenDate(value, lang) : undefined);
  const chosen = options.find((option) => option.period === period);
  /** A status the council must settle first (suspended, pending): no renewal, online or on paper. */
  const statusBarsRenewal =
    !licence.renewal.renewable && licence.renewal.reason === 'license_status_not_allowed';
  const validity =
    licence.valid_from && licence.valid_until
      ? `${day(licence.valid_from)} – ${day(licence.valid_until)}`
      : t('licences.neverValid');

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <header className={styles.cardHeader}>
        <div className={own.issuer}>
          <CouncilLogo src={licence.council_logo} />
          <div>
            <p className={styles.eyebrow}>{t(`licenceCategories.${licence.category}`)}</p>
            <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.account}>
              {licence.licence_no}
            </h3>
          </div>
        </div>
        <p className={styles.status}>
          <span className="sr-only">{t('licences.field.status')}: </span>
          {statusText(t, licence.status)}
        </p>
      </header>

      <p className={licence.valid_today ? own.validToday : own.notValidToday}>
        {licence.valid_today ? <CheckCircleIcon /> : null}
        {licence.valid_today ? t('licences.validToday') : t('licences.notValidToday')}
      </p>

      <dl className={styles.details}>
        <Row label={t('search.field.council')} value={councilName} />
        <Row label={t('licences.field.businessName')} value={licence.business_name} />
        <Row label={t('licences.field.kind')} value={t(`licenceKinds.${licence.kind}`)} />
        <Row label={t('licences.field.businessType')} value={licence.business_type} />
        <Row label={t('licences.field.businessCategory')} value={licence.business_category} />
        <Row
          label={t('licences.field.location')}
          value={
            licence.location_code
              ? `${licence.location} (${licence.location_code})`
              : licence.location
          }
        />
        <Row label={t('licences.field.stallNo')} value={licence.stall_no} />
        <Row label={t('licences.field.vehiclePlate')} value={licence.vehicle_plate} />
        <Row label={t('licences.field.area')} value={licence.area} />
        <Row
          label={t('licences.field.unit')}
          value={
            licence.unit_kind ? `${licence.unit_count ?? 1} × ${licence.unit_kind}` : undefined
          }
        />
        <Row label={t('licences.field.validity')} value={validity} />
        <Row label={t('licences.field.monthlyFee')} value={formatRinggit(licence.monthly_fee)} />
        <Row
          label={t('licences.field.owners')}
          value={licence.owners.map((owner) => `${owner.name} (${owner.ic})`).join(', ')}
        />
        <Row label={t('licences.field.reference')} value={licence.reference} />
      </dl>

      {licence.premises_picture ? (
        <figure className={own.premises}>
          <img
            src={licence.premises_picture}
            alt={t('licences.premisesPicture', { business: licence.business_name })}
            width={640}
            height={400}
            loading="lazy"
            decoding="async"
          />
          <figcaption>{t('licences.field.premises')}</figcaption>
        </figure>
      ) : null}

      <section aria-labelledby={`${id}-payments`} className={own.section}>
        <h4 id={`${id}-payments`} className={styles.legend}>
          {t('licences.payments.heading')}
        </h4>
        {licence.payments.length === 0 ? (
          <p className={styles.formIntro}>{t('licences.payments.none')}</p>
        ) : (
          <ul className={own.payments}>
            {licence.payments.map((payment) => (
              <li key={payment.reference}>
                <span>{writtenDateTime(payment.paid_at, lang)}</span>
                <span className={own.reference}>{payment.reference}</span>
                <strong>{formatRinggit(payment.amount)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      {licence.status === 'unpaid' ? (
        <Notice>
          <p>{t('licences.payDue')}</p>
          <p>
            <Link to={`${paths.search}?council=${licence.council}&type=license`}>
              {t('licences.payDueLink')}
            </Link>
          </p>
        </Notice>
      ) : null}

      {licence.renewal.renewable && options.length > 0 ? (
        <fieldset className={styles.options}>
          <legend className={styles.legend}>{t('licences.renewal.heading')}</legend>
          <p className={styles.formIntro}>{t('licences.renewal.choose')}</p>
          {options.map((option) => (
            <label
              key={option.period}
              className={
                option.period === period ? `${styles.option} ${styles.optionChosen}` : styles.option
              }
            >
              <input
                type="radio"
                name={`${id}-period`}
                value={option.period}
                checked={option.period === period}
                onChange={() => setPeriod(option.period)}
              />
              <span className={styles.optionText}>
                <span className={styles.optionTitle}>
                  {t(`licences.renewal.period.${option.period}`, { date: day(option.valid_until) })}
                </span>
                <span className={styles.optionMeta}>
                  {t('licences.renewal.from', { date: day(option.valid_from) })} ·{' '}
                  {t('licences.renewal.months', { count: option.months })}
                </span>
              </span>
              <span className={styles.optionAmount}>{formatRinggit(option.amount)}</span>
            </label>
          ))}
          {chosen ? (
            <dl className={styles.details}>
              <Row
                label={t('licences.renewal.licenceFee')}
                value={formatRinggit(chosen.licence_fee)}
              />
              <Row
                label={t('licences.renewal.processFee')}
                value={formatRinggit(chosen.process_fee)}
              />
              {licence.renewal.reduction_label ? (
                <Row
                  label={licence.renewal.reduction_label[lang]}
                  value={`− ${formatRinggit(chosen.reduction)}`}
                />
              ) : null}
              <Row label={t('licences.renewal.total')} value={formatRinggit(chosen.amount)} />
            </dl>
          ) : null}
        </fieldset>
      ) : null}

      {!licence.renewal.renewable ? (
        <Notice tone={statusBarsRenewal ? 'error' : 'info'}>
          <p>
            {statusBarsRenewal
              ? t('licences.renewal.notAllowed', { status: statusText(t, licence.status) })
              : t('licences.renewal.closed', { date: day(licence.renewal.opens_on ?? null) })}
          </p>
        </Notice>
      ) : null}

      {/* Renewing needs no identity number: its button sits with the renewal, above the print form. */}
      <div className={styles.actions}>
        {chosen ? (
          <Button
            onClick={() => void addToCart(cartItemFromRenewal(licence, chosen))}
            aria-busy={adding || undefined}
          >
            <CartIcon />
            {adding ? t('search.adding') : t('licences.renewal.addToCart')}
          </Button>
        ) : null}
        <Link to={paths.cart} className={buttonClassName({ variant: 'secondary' })}>
          {t('search.viewCart')}
        </Link>
        <Link
          to={licenceCheckPath(licence.council, licence.licence_no)}
          className={buttonClassName({ variant: 'quiet' })}
        >
          {t('licences.check.link')}
        </Link>
      </div>

      {/* A suspended or pending licence has no renewal form to offer, and prints only when valid. */}
      {licence.valid_today || !statusBarsRenewal ? <PrintLicenceForm licence={licence} /> : null}
    </article>
  );
}
