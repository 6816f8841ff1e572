import { currentLanguage } from '../../i18n/i18n';
import type {
  HistoryPage as HistoryAnswer,
  HistoryPayment,
  HistoryQuery,
} from '@portal/domain/contracts/history';
import { writtenDate, writtenTime } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import { paymentStatuses, type PaymentStatus } from '@portal/domain/payment-status';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { LoginRequired } from '../../components/LoginRequired';
import { ScreenHeading } from '../../components/PageHeading';
import { RetryNotice } from '../../components/RetryNotice';
import { Button, buttonClassName } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { Field, Select } from '../../components/ui/Field';
import { ReceiptIcon, SearchIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api-client';
import { useCouncils } from '../../shared/get-councils';
import { paymentMethodText } from '../../shared/payment-method-text';
import { paths, receiptPath } from '@portal/domain/web-paths';
import { useSession, useSessionEnded } from '../../shared/session';
import { historyFilter, historyQueryOf, historySearch, useHistory } from './get-history';
import layout from '../../components/PageLayout.module.css';
import table from '../../components/DataTable.module.css';
import styles from './HistoryPage.module.css';

const statusTone: Record<PaymentStatus, string | undefined> = {
  created: styles.pending,
  in_progress: styles.pending,
  pending: styles.pending,
  successful: styles.successful,
  failed: styles.failed,
  cancelled: styles.failed,
  expired: styles.failed,
  refund_due: styles.pending,
};

/** The council and status filters; a change is applied at once and kept in the address. */
function Filters({
  query,
  onChange,
}: {
  query: HistoryQuery;
  onChange: (query: HistoryQuery) => void;
}) {
  const { t } = useTranslation();
  const councils = useCouncils();
  const filtered = query.council !== undefined || query.status !== undefined;
  const known = councils.data?.some((council) => council.code === query.council);

  return (
    <form
      className={styles.filters}
      aria-label={t('history.filters')}
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label={t('history.council')} className={styles.filter}>
        {(control) => (
          <Select
            {...control}
            value={query.council ?? ''}
            onChange={(event) =>
              onChange({ ...query, page: 1, council: historyFilter('council', event.target.value) })
            }
          >
            <option value="">{t('history.allCouncils')}</option>
            {query.council && !known ? (
              <option value={query.council}>{query.council.toUpperCase()}</option>
            ) : null}
            {councils.data?.map((council) => (
              <option key={council.code} value={council.code}>
                {council.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('history.status')} className={styles.filter}>
        {(control) => (
          <Select
            {...control}
            value={query.status ?? ''}
            onChange={(event) =>
              onChange({ ...query, page: 1, status: historyFilter('status', event.target.value) })
            }
          >
            <option value="">{t('history.allStatuses')}</option>
            {paymentStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`paymentStatus.${status}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {filtered ? (
        <Button variant="quiet" className={styles.clear} onClick={() => onChange({ page: 1 })}>
          {t('history.clear')}
        </Button>
      ) : null}
    </form>
  );
}

/**
 * One payment: a row per service line (docs/receipts.md), the date, reference (with how it was
 * paid) and status spanning its lines. On phones each payment is a card, those three on top.
 */
function PaymentRows({ payment }: { payment: HistoryPayment }) {
  const { t } = useTranslation();
  const span = Math.max(1, payment.items.length);
  // The time goes under the date where the column is narrow.
  const when = payment.paid_at ?? payment.created_at;
  const shared = (
    <>
      <td rowSpan={span} data-label={t('history.column.date')} className={styles.shared}>
        <span className={styles.date}>
          <span>{writtenDate(when, currentLanguage())}</span>{' '}
          <span>{writtenTime(when, currentLanguage())}</span>
        </span>
      </td>
      <th
        scope="rowgroup"
        rowSpan={span}
        data-label={t('history.column.reference')}
        className={`${styles.shared} ${styles.reference}`}
      >
        <span>
          <Link to={receiptPath(payment.reference)}>{payment.reference}</Link>
          {payment.items.length > 1 ? (
            <span className={styles.lines}>
              {t('history.lines', {
                number: payment.items.length,
                amount: formatRinggit(payment.amount),
              })}
            </span>
          ) : null}
          <span className={styles.lines}>
            {t('history.paymentMethod', {
              method: paymentMethodText(t, payment.payment_method, payment.payment_channel),
            })}
          </span>
        </span>
      </th>
    </>
  );
  const status = (
    <td rowSpan={span} data-label={t('history.column.status')} className={styles.shared}>
      <span className={`${styles.status} ${statusTone[payment.status] ?? ''}`}>
        {t(`paymentStatus.${payment.status}`)}
      </span>
      {payment.refunded > 0 ? (
        <span className={styles.refunded}>
          {t('history.refunded', { amount: formatRinggit(payment.refunded) })}
        </span>
      ) : null}
    </td>
  );

  if (payment.items.length === 0) {
    return (
      <tbody className={styles.payment}>
        <tr>
          {shared}
          <td colSpan={4} />
          {status}
        </tr>
      </tbody>
    );
  }
  return (
    <tbody className={styles.payment}>
      {payment.items.map((item, index) => (
        <tr
          key={`${item.council}/${item.payment_type}/${item.account_no}/${index}`}
          className={index > 0 ? styles.nextLine : undefined}
        >
          {index === 0 ? shared : null}
          <td data-label={t('history.column.council')}>{item.council_name}</td>
          <td data-label={t('history.column.type')}>{t(`paymentTypes.${item.payment_type}`)}</td>
          <td data-label={t('history.column.account')} className={styles.keepTogether}>
            {item.account_no}
          </td>
          <td data-label={t('history.column.amount')} className={styles.amount}>
            {formatRinggit(item.amount)}
          </td>
          {index === 0 ? status : null}
        </tr>
      ))}
    </tbody>
  );
}

function Empty({
  answer,
  query,
  onChange,
}: {
  answer: HistoryAnswer;
  query: HistoryQuery;
  onChange: (query: HistoryQuery) => void;
}) {
  const { t } = useTranslation();
  let title;
  let action;
  if (answer.total > 0) {
    title = t('history.noPage');
    action = (
      <Button variant="secondary" onClick={() => onChange({ ...query, page: 1 })}>
        {t('history.firstPage')}
      </Button>
    );
  } else if (query.council || query.status) {
    title = t('history.noMatch');
    action = (
      <Button variant="secondary" onClick={() => onChange({ page: 1 })}>
        {t('history.clear')}
      </Button>
    );
  } else {
    title = t('history.empty');
    action = (
      <Link to={paths.search} className={buttonClassName()}>
        <SearchIcon />
        {t('history.searchLink')}
      </Link>
    );
  }
  return (
    <EmptyState icon={<ReceiptIcon size={28} />} title={title}>
      {answer.total === 0 && !query.council && !query.status ? (
        <p>{t('history.emptyText')}</p>
      ) : null}
      {action}
    </EmptyState>
  );
}

function HistoryList({
  query,
  onChange,
}: {
  query: HistoryQuery;
  onChange: (q: HistoryQuery) => void;
}) {
  const { t } = useTranslation();
  const sessionEnded = useSessionEnded();
  const history = useHistory(query);
  const captionId = useId();
  const error = history.error;

  useEffect(() => {
    if (error) sessionEnded(error);
  }, [error, sessionEnded]);

  const answer = history.data;
  let results;
  if (history.isError && !answer) {
    results = (
      <RetryNotice query={history} retryLabel={t('history.retry')}>
        {errorText(t, history.error)}
      </RetryNotice>
    );
  } else if (!answer) {
    results = (
      <p className={styles.muted} role="status">
        {t('history.loading')}
      </p>
    );
  } else if (answer.payments.length === 0) {
    results = <Empty answer={answer} query={query} onChange={onChange} />;
  } else {
    const pages = Math.max(1, Math.ceil(answer.total / Math.max(1, answer.page_size)));
    results = (
      <>
        <div className={table.wrap} aria-busy={history.isPlaceholderData || undefined}>
          <table className={styles.table} aria-labelledby={captionId}>
            <caption id={captionId} className="sr-only">
              {t('history.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('history.column.date')}</th>
                <th scope="col">{t('history.column.reference')}</th>
                <th scope="col">{t('history.column.council')}</th>
                <th scope="col">{t('history.column.type')}</th>
                <th scope="col">{t('history.column.account')}</th>
                <th scope="col" className={styles.amount}>
                  {t('history.column.amount')}
                </th>
                <th scope="col">{t('history.column.status')}</th>
              </tr>
            </thead>
            {answer.payments.map((payment) => (
              <PaymentRows key={payment.reference} payment={payment} />
            ))}
          </table>
        </div>
        <Pager
          page={answer.page}
          pages={pages}
          linkTo={(page) => historySearch({ ...query, page })}
          words={{
            label: t('history.pagination'),
            previous: t('history.previous'),
            next: t('history.next'),
            pageOf: t('history.page', { page: answer.page, pages }),
          }}
        />
      </>
    );
  }

  return (
    <>
      {/* Read out when a filter or a page change brings new results. */}
      <p className={styles.count} role="status">
        {answer ? t('history.found', { count: answer.total }) : ''}
      </p>
      {results}
    </>
  );
}

/**
 * `/history` (docs/screens.md): the logged-in user's payments, newest first, ten to a page,
 * filtered by council and status; the page and filters live in the address, so they survive a
 * reload and the back button. Each reference opens its receipt.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const query = historyQueryOf(params);
  const onChange = (next: HistoryQuery) => setParams(historySearch(next));

  let body;
  if (!session.pending && !session.user) body = <LoginRequired />;
  else if (session.pending) {
    body = (
      <p className={styles.muted} role="status">
        {t('history.loading')}
      </p>
    );
  } else {
    body = (
      <>
        <Filters query={query} onChange={onChange} />
        <HistoryList query={query} onChange={onChange} />
      </>
    );
  }

  return (
    <Container className={layout.page}>
      <ScreenHeading page="history" />
      <div className={styles.body}>{body}</div>
    </Container>
  );
}
