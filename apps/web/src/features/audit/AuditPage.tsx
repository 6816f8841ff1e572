import {
  auditActions,
  auditPageSize,
  auditQuery,
  type AuditEntry,
  type AuditQuery,
} from '@portal/domain/contracts/audit';
import { writtenDateTime } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { FilterForm } from '../../components/FilterForm';
import { Field, InputField, Select } from '../../components/ui/Field';
import { currentLanguage } from '../../i18n/i18n';
import { addressOfQuery, queryOfAddress } from '../../lib/address-query';
import { codeWords, OfficePager, QueryFailure } from '../staff';
import { useAuditLog } from './get-audit';
import table from '../../components/DataTable.module.css';
import list from '../../components/ListScreen.module.css';
import styles from './AuditPage.module.css';

/** The log's filters, kept in the address. */
function Filters({ query, onApply }: { query: AuditQuery; onApply: (query: AuditQuery) => void }) {
  const { t } = useTranslation('office');
  return (
    <FilterForm
      shown={query}
      empty={{ page: 1 }}
      schema={auditQuery}
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
        name="actor"
        type="email"
        label={t('filters.actor')}
        defaultValue={query.actor ?? ''}
        maxLength={254}
        spellCheck={false}
      />
      <Field label={t('filters.action')}>
        {(control) => (
          <Select {...control} name="action" defaultValue={query.action ?? ''}>
            <option value="">{t('filters.allActions')}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </FilterForm>
  );
}

/** Where the words for a detail's coded values are; a detail not named here is shown as it is. */
const valueWords: Partial<Record<string, string>> = {
  outcome: 'office:payment.outcomes',
  flag: 'office:payment.notes',
  decision: 'office:review',
  role: 'office:roles',
  role_before: 'office:roles',
  action: 'office:audit.actions',
  status: 'paymentStatus',
  status_before: 'paymentStatus',
  second_factor: 'office:audit.detailValues.second_factor',
  why: 'office:audit.detailValues.why',
  format: 'office:audit.detailValues.format',
  answer: 'office:audit.detailValues.answer',
};

function detailValue(name: string, value: string | number | boolean): string {
  if (typeof value === 'boolean') return codeWords('office:audit', value ? 'yes' : 'no');
  if (typeof value === 'number')
    return name.endsWith('_sen') ? formatRinggit(value) : String(value);
  if (name === 'council') return value.toUpperCase();
  const group = valueWords[name];
  return group ? codeWords(group, value) : value;
}

/**
 * An entry's detail, a pair a line, in words the way an auditor reads them; each pair's code
 * (`second_factor: app`) in its title, for support.
 */
function Detail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('office');
  const pairs = Object.entries(entry.detail).flatMap(([name, value]) =>
    value === null || value === '' ? [] : [{ name, value }],
  );
  if (pairs.length === 0) return <>–</>;
  return pairs.map(({ name, value }) => (
    <span key={name} className={styles.pair} title={`${name}: ${String(value)}`}>
      {t('audit.detailPair', {
        name: codeWords('office:audit.detailNames', name),
        value: detailValue(name, value),
      })}
    </span>
  ));
}

/** The audit log, newest first (docs/back-office.md); for the state admin. */
export function AuditPage() {
  const { t } = useTranslation('office');
  const [params, setParams] = useSearchParams();
  const query = queryOfAddress(auditQuery, params, { page: 1 });
  const log = useAuditLog(query);
  const answer = log.data;

  return (
    <>
      <h1 className={list.heading}>{t('audit.heading')}</h1>
      <p className={list.intro}>{t('audit.intro')}</p>
      <div className={list.body}>
        <Filters query={query} onApply={(next) => setParams(addressOfQuery(next))} />
        <QueryFailure query={log} />
        {answer ? (
          <>
            <p className={list.count} role="status">
              {t('list.count', { count: answer.total })}
            </p>
            {answer.entries.length === 0 ? (
              <p>{t('list.none')}</p>
            ) : (
              <div className={table.wrap} aria-busy={log.isPlaceholderData}>
                <table className={table.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('audit.column.at')}</th>
                      <th scope="col">{t('audit.column.actor')}</th>
                      <th scope="col">{t('audit.column.action')}</th>
                      <th scope="col">{t('audit.column.council')}</th>
                      <th scope="col">{t('audit.column.target')}</th>
                      <th scope="col">{t('audit.column.detail')}</th>
                      <th scope="col">{t('audit.column.ip')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.entries.map((entry, index) => (
                      <tr key={`${entry.at}-${index}`}>
                        <td data-label={t('audit.column.at')} className={table.nowrap}>
                          {writtenDateTime(entry.at, currentLanguage())}
                        </td>
                        <td data-label={t('audit.column.actor')}>{entry.actor}</td>
                        <td data-label={t('audit.column.action')}>
                          {t(`audit.actions.${entry.action}`)}
                        </td>
                        <td data-label={t('audit.column.council')}>
                          {entry.council?.toUpperCase() ?? '–'}
                        </td>
                        <td data-label={t('audit.column.target')}>{entry.target ?? '–'}</td>
                        <td data-label={t('audit.column.detail')} className={table.muted}>
                          <Detail entry={entry} />
                        </td>
                        <td data-label={t('audit.column.ip')} className={table.nowrap}>
                          {entry.ip}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <OfficePager query={query} total={answer.total} pageSize={auditPageSize} />
          </>
        ) : null}
      </div>
    </>
  );
}
