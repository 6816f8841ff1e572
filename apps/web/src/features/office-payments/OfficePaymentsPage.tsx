import {
  officePaymentsPageSize,
  officePaymentsQuery,
  type OfficePaymentsQuery,
  type OfficePaymentSummary,
} from '@portal/domain/contracts/office-payments';
import { writtenDateTime } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import { paymentStatuses } from '@portal/domain/payment-status';
import { officePaymentPath } from '@portal/domain/web-paths';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { FilterForm } from '../../components/FilterForm';
import { Field, InputField, Select } from '../../components/ui/Field';
import { currentLanguage } from '../../i18n/i18n';
import { CouncilChoice, OfficePager, QueryFailure } from '../staff';
import { useOfficePayments } from './get-office-payments';
import { addressOfQuery, queryOfAddress } from '../../lib/address-query';
import table from '../../components/DataTable.module.css';
import list from '../../components/ListScreen.module.css';
import styles from './OfficePayments.module.css';

/** The filters, kept in the address; the council only for the state admin, who sees them all. */
function Filters({
  query,
  onApply,
}: {
  query: OfficePaymentsQuery;
  onApply: (query: OfficePaymentsQuery) => void;
}) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  return (
    <FilterForm
      shown={query}
      empty={{ page: 1 }}
      schema={officePaymentsQuery}
      onApply={onApply}
      words={{
        label: t('filters.label'),
        find: t('filters.find'),
        clear: t('filters.clear'),
        from: t('filters.from'),
        to: t('filters.to'),
      }}
    >
      <InputField
        name="q"
        type="search"
        label={t('filters.search')}
        defaultValue={query.q ?? ''}
        maxLength={254}
        spellCheck={false}
      />
      <Field label={t('filters.status')}>
        {(control) => (
          <Select {...control} name="status" defaultValue={query.status ?? ''}>
            <option value="">{t('filters.allStatuses')}</option>
            {paymentStatuses.map((status) => (
              <option key={status} value={status}>
                {tPortal(`paymentStatus.${status}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <CouncilChoice chosen={query.council} anyCouncil />
      <label className={styles.choice}>
        <input type="checkbox" name="review" value="true" defaultChecked={query.review === true} />
        {t('filters.review')}
      </label>
    </FilterForm>
  );
}

function PaymentRow({ payment }: { payment: OfficePaymentSummary }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  return (
    <tr>
      <td data-label={t('payments.column.created')} className={table.nowrap}>
        {writtenDateTime(payment.created_at, currentLanguage())}
      </td>
      <th scope="row" data-label={t('payments.column.reference')}>
        <span>
          <Link to={officePaymentPath(payment.reference)} className={styles.reference}>
            {payment.reference}
          </Link>
          {payment.review_reason ? (
            <>
              <br />
              <span className={styles.review}>{t('payments.review')}</span>
            </>
          ) : null}
        </span>
      </th>
      <td data-label={t('payments.column.payer')}>
        <span>
          {payment.payer_name}
          <br />
          <span className={table.muted}>{payment.payer_email}</span>
        </span>
      </td>
      <td data-label={t('payments.column.councils')}>
        {payment.councils.map((council) => council.toUpperCase()).join(', ')}
      </td>
      <td data-label={t('payments.column.method')}>
        <span>
          {tPortal(`paymentMethods.${payment.payment_method}`)}
          {payment.payment_channel && payment.payment_method !== 'card' ? (
            <>
              <br />
              <span className={table.muted}>{payment.payment_channel}</span>
            </>
          ) : null}
        </span>
      </td>
      <td data-label={t('payments.column.amount')} className={table.amount}>
        {formatRinggit(payment.amount)}
      </td>
      <td data-label={t('payments.column.status')}>{tPortal(`paymentStatus.${payment.status}`)}</td>
    </tr>
  );
}

/** Payments of the staff member's council (all for the state admin), newest first. */
export function OfficePaymentsPage() {
  const { t } = useTranslation('office');
  const [params, setParams] = useSearchParams();
  const query = queryOfAddress(officePaymentsQuery, params, { page: 1 });
  const payments = useOfficePayments(query);
  const show = (next: OfficePaymentsQuery) => setParams(new URLSearchParams(addressOfQuery(next)));
  const answer = payments.data;

  return (
    <>
      <h1 className={list.heading}>{t('payments.heading')}</h1>
      <div className={list.body}>
        <Filters query={query} onApply={show} />
        <QueryFailure query={payments} />
        {answer ? (
          <>
            <p className={list.count} role="status">
              {t('list.count', { count: answer.total })}
            </p>
            {answer.payments.length === 0 ? (
              <p>{t('list.none')}</p>
            ) : (
              <div className={table.wrap} aria-busy={payments.isPlaceholderData}>
                <table className={table.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('payments.column.created')}</th>
                      <th scope="col">{t('payments.column.reference')}</th>
                      <th scope="col">{t('payments.column.payer')}</th>
                      <th scope="col">{t('payments.column.councils')}</th>
                      <th scope="col">{t('payments.column.method')}</th>
                      <th scope="col" className={table.amount}>
                        {t('payments.column.amount')}
                      </th>
                      <th scope="col">{t('payments.column.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.payments.map((payment) => (
                      <PaymentRow key={payment.reference} payment={payment} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <OfficePager query={query} total={answer.total} pageSize={officePaymentsPageSize} />
          </>
        ) : null}
      </div>
    </>
  );
}
