import {
  refundQueuePageSize,
  refundQueueQuery,
  type RefundQueueQuery,
} from '@portal/domain/contracts/refunds';
import { writtenDateTime } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import { refundStatuses } from '@portal/domain/refunds';
import { officePaymentPath } from '@portal/domain/web-paths';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { FilterForm } from '../../components/FilterForm';
import { RecordsTable } from '../../components/RecordsTable';
import { Field, Select } from '../../components/ui/Field';
import { currentLanguage } from '../../i18n/i18n';
import { addressOfQuery, queryOfAddress } from '../../lib/address-query';
import { OfficePager, QueryFailure } from '../staff';
import { useRefundQueue } from './get-refunds';
import { RefundStatus } from './PaymentRefunds';
import list from '../../components/ListScreen.module.css';

/**
 * The refund queue (docs/refunds.md): money owed back to payers and refunds still at the gateway,
 * oldest first, or the refunds of one state. Each opens its payment, where it is worked.
 */
export function RefundQueuePage() {
  const { t } = useTranslation('office');
  const [params, setParams] = useSearchParams();
  const query = queryOfAddress(refundQueueQuery, params, { page: 1 });
  const queue = useRefundQueue(query);
  const show = (next: RefundQueueQuery) => setParams(new URLSearchParams(addressOfQuery(next)));
  const answer = queue.data;
  return (
    <>
      <h1 className={list.heading}>{t('refund.queueHeading')}</h1>
      <div className={list.body}>
        <p>{t('refund.queueIntro')}</p>
        <FilterForm
          shown={query}
          empty={{ page: 1 }}
          schema={refundQueueQuery}
          onApply={show}
          words={{
            label: t('filters.label'),
            find: t('filters.find'),
            clear: t('filters.clear'),
          }}
        >
          <Field label={t('filters.status')}>
            {(control) => (
              <Select {...control} name="status" defaultValue={query.status ?? ''}>
                <option value="">{t('refund.openOnly')}</option>
                {refundStatuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`refund.status.${status}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </FilterForm>
        <QueryFailure query={queue} />
        {answer ? (
          <>
            <p className={list.count} role="status">
              {t('list.count', { count: answer.total })}
            </p>
            <RecordsTable
              empty={t('refund.queueEmpty')}
              busy={queue.isPlaceholderData}
              headings={[
                t('refund.column.created'),
                t('payments.column.reference'),
                t('payments.column.councils'),
                t('refund.column.why'),
                t('refund.column.amount'),
                t('refund.column.status'),
              ]}
              amountColumns={[4]}
              rows={answer.refunds.map((refund) => ({
                key: refund.id,
                cells: [
                  writtenDateTime(refund.created_at, currentLanguage()),
                  <Link key="reference" to={officePaymentPath(refund.reference)}>
                    {refund.reference}
                  </Link>,
                  refund.councils.map((council) => council.toUpperCase()).join(', '),
                  refund.note ?? t(`refund.reasons.${refund.reason}`),
                  formatRinggit(refund.amount),
                  <RefundStatus key="status" refund={refund} />,
                ],
              }))}
            />
            <OfficePager query={query} total={answer.total} pageSize={refundQueuePageSize} />
          </>
        ) : null}
      </div>
    </>
  );
}
