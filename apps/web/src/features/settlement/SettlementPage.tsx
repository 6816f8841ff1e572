import {
  settlementApi,
  settlementQuery,
  type SettlementQuery,
} from '@portal/domain/contracts/settlement';
import { malaysiaDay, writtenDate, writtenTime } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import { officePaths, officePaymentPath } from '@portal/domain/web-paths';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { FilterForm } from '../../components/FilterForm';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import panel from '../../components/ActionPanel.module.css';
import { Button } from '../../components/ui/Button';
import { InputField } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { addressOfQuery, addressWithQuery, queryOfAddress } from '../../lib/address-query';
import { errorText } from '../../lib/api-client';
import { CouncilChoice, QueryFailure, useStaffSession } from '../staff';
import {
  downloadSettlementFile,
  useCheckSignature,
  useSettlement,
  useSettlementSummary,
  type SettlementFile,
} from './get-settlement';
import table from '../../components/DataTable.module.css';
import list from '../../components/ListScreen.module.css';

/** Every council's count and total for the day, for the state admin; each opens its report. */
function Summary({ day }: { day: string }) {
  const { t } = useTranslation('office');
  const summary = useSettlementSummary(day, true);
  const answer = summary.data;
  if (!answer) return <QueryFailure query={summary} />;
  return (
    <section className={list.body} aria-labelledby="settlement-summary">
      <h2 id="settlement-summary">{t('settlement.summary')}</h2>
      {answer.councils.length === 0 ? (
        <p>{t('settlement.none')}</p>
      ) : (
        <div className={table.wrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">{t('settlement.column.council')}</th>
                <th scope="col">{t('settlement.column.count')}</th>
                <th scope="col" className={table.amount}>
                  {t('settlement.column.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.councils.map((council) => (
                <tr key={council.council}>
                  <th scope="row" data-label={t('settlement.column.council')}>
                    <Link
                      to={addressWithQuery(
                        officePaths.settlement,
                        addressOfQuery({ council: council.council, day }),
                      )}
                    >
                      {council.council.toUpperCase()}
                    </Link>
                  </th>
                  <td data-label={t('settlement.column.count')}>{council.count}</td>
                  <td data-label={t('settlement.column.amount')} className={table.amount}>
                    {formatRinggit(council.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={list.count}>
        {t('settlement.total', { amount: formatRinggit(answer.total), count: answer.count })}
      </p>
    </section>
  );
}

/** The day's files, each with its button's words. */
const settlementFileLabels = [
  ['csv', 'settlement.download'],
  ['pdf', 'settlement.downloadPdf'],
  ['audit', 'settlement.downloadAudit'],
] as const satisfies readonly (readonly [SettlementFile, string])[];

/** Checks the signature typed from a printed settlement against the ledger of that day. */
function SignatureCheck({ query }: { query: SettlementQuery }) {
  const { t } = useTranslation('office');
  const check = useCheckSignature();
  const empty = { council: query.council, day: query.day, signature: '' };
  const form = useDomainForm(settlementApi.checkSignature.body, empty, {
    hidden: ['council', 'day'],
  });
  const onSubmit = form.handleSubmit({ send: check.mutateAsync, onSuccess: () => {} });
  const answer = check.data;
  return (
    <form className={panel.panel} onSubmit={onSubmit} noValidate aria-labelledby="signature-check">
      <h3 id="signature-check">{t('settlement.checkHeading')}</h3>
      <p>{t('settlement.checkIntro')}</p>
      <FormProblem form={form} />
      <TextField
        form={form}
        name="signature"
        label={t('settlement.signature')}
        autoComplete="off"
        spellCheck={false}
      />
      <div>
        <Button type="submit" variant="secondary">
          {t('settlement.check')}
        </Button>
      </div>
      {answer ? (
        <Notice tone={answer.genuine ? 'info' : 'error'} live>
          <p>
            {answer.genuine
              ? t('settlement.genuine', {
                  amount: formatRinggit(answer.total),
                  count: answer.count,
                })
              : t('settlement.notGenuine')}
          </p>
        </Notice>
      ) : null}
    </form>
  );
}

/** One council's settled lines for the day, with the total and the CSV for its accounts. */
function Report({ query }: { query: SettlementQuery }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const report = useSettlement(query);
  const download = useMutation({
    mutationFn: (file: SettlementFile) => downloadSettlementFile(query, file),
  });
  const answer = report.data;
  if (!answer) return <QueryFailure query={report} />;
  return (
    <section className={list.body} aria-labelledby="settlement-report">
      <h2 id="settlement-report">
        {t('settlement.reportOf', {
          council: answer.council.toUpperCase(),
          day: writtenDate(answer.day, currentLanguage()),
        })}
      </h2>
      <p className={list.count} role="status">
        {t('settlement.total', { amount: formatRinggit(answer.total), count: answer.count })}
      </p>
      <div className={list.actions}>
        {settlementFileLabels.map(([file, label]) => (
          <Button
            key={file}
            variant="secondary"
            onClick={() => download.mutate(file)}
            disabled={download.isPending}
          >
            {t(label)}
          </Button>
        ))}
      </div>
      {download.isError ? (
        <Notice tone="error" live>
          <p>{errorText(tPortal, download.error)}</p>
        </Notice>
      ) : null}
      <SignatureCheck query={query} />
      {answer.lines.length === 0 ? (
        <p>{t('settlement.none')}</p>
      ) : (
        <div className={table.wrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">{t('settlement.column.time')}</th>
                <th scope="col">{t('settlement.column.reference')}</th>
                <th scope="col">{t('settlement.column.type')}</th>
                <th scope="col">{t('settlement.column.account')}</th>
                <th scope="col">{t('settlement.column.description')}</th>
                <th scope="col" className={table.amount}>
                  {t('settlement.column.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.lines.map((line) => (
                <tr key={`${line.entry}/${line.reference}/${line.account_no}/${line.posted_at}`}>
                  <td data-label={t('settlement.column.time')} className={table.nowrap}>
                    {writtenTime(line.posted_at, currentLanguage())}
                  </td>
                  <th scope="row" data-label={t('settlement.column.reference')}>
                    <Link to={officePaymentPath(line.reference)}>{line.reference}</Link>
                  </th>
                  <td data-label={t('settlement.column.type')}>
                    {tPortal(`paymentTypes.${line.payment_type}`)}
                  </td>
                  <td data-label={t('settlement.column.account')}>{line.account_no}</td>
                  <td data-label={t('settlement.column.description')}>
                    {line.entry === 'refund'
                      ? t('settlement.refundOf', { description: line.description })
                      : line.description}
                  </td>
                  <td data-label={t('settlement.column.amount')} className={table.amount}>
                    {formatRinggit(line.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * A day's settlement (docs/back-office.md): council staff see their council's, opening on today;
 * the state admin chooses a council, and sees every council's totals for the day.
 */
export function SettlementPage() {
  const { t } = useTranslation('office');
  const staff = useStaffSession().data?.staff;
  const [params, setParams] = useSearchParams();
  const today = malaysiaDay(new Date());
  const ownCouncil = staff?.council ?? undefined;
  const day = params.get('day') || today;
  const chosen = queryOfAddress(
    settlementQuery,
    new URLSearchParams({ council: ownCouncil ?? params.get('council') ?? '', day }),
    undefined,
  );
  return (
    <>
      <h1 className={list.heading}>{t('settlement.heading')}</h1>
      <p className={list.intro}>{t('settlement.intro')}</p>
      <div className={list.body}>
        <FilterForm
          shown={{ council: chosen?.council, day }}
          schema={settlementQuery}
          onApply={(next) => setParams(addressOfQuery(next))}
          words={{ label: t('filters.label'), find: t('settlement.show') }}
        >
          <CouncilChoice chosen={chosen?.council} />
          <InputField
            name="day"
            type="date"
            label={t('settlement.day')}
            defaultValue={day}
            max={today}
          />
        </FilterForm>
        {chosen ? <Report query={chosen} /> : null}
        {staff?.role === '_admin' ? <Summary day={day} /> : null}
      </div>
    </>
  );
}
