import { fileKinds, type FileKind } from '@portal/domain/bill-files';
import {
  billImportApi,
  billImportSteps,
  type BillImportAnswer,
} from '@portal/domain/contracts/bill-import';
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordsTable } from '../../components/RecordsTable';
import { Button } from '../../components/ui/Button';
import { Field, FileInput, Select } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { errorText } from '../../lib/api-client';
import { useScreenCouncil } from '../staff';
import { currentLanguage } from '../../i18n/i18n';
import { downloadTemplate, useBillImportProgress, useSendBillFile } from './get-bill-import';
import panel from '../../components/ActionPanel.module.css';
import list from '../../components/ListScreen.module.css';
import styles from './BillImportPage.module.css';

/** What a check found: the counts, every problem by line and column, and what would change. */
function CheckAnswer({ answer }: { answer: BillImportAnswer }) {
  const { t } = useTranslation('office');
  const problemCount = answer.problems.length + answer.more_problems;
  // Problems on no row are the file's own (a wrong header, say): its rows were not read as bills.
  const fileOnly = problemCount > 0 && answer.refused === 0;
  return (
    <>
      <p>
        {fileOnly
          ? t('billImport.fileProblems', { count: problemCount })
          : t('billImport.summary', {
              rows: answer.rows,
              created: answer.created,
              updated: answer.updated,
              unchanged: answer.unchanged,
              refused: answer.refused,
            })}
      </p>
      <RecordsTable
        title={t('billImport.problemsHeading')}
        empty={t('billImport.noProblems')}
        headings={[t('billImport.line'), t('billImport.column'), t('billImport.problem')]}
        rows={answer.problems.map((problem, index) => ({
          key: `${problem.line}-${problem.column ?? ''}-${index}`,
          cells: [
            String(problem.line),
            problem.column ?? '–',
            <>
              {t(`billImport.problems.${problem.problem}`, {
                reference: problem.payment_reference,
              })}
              {problem.accepted ? (
                <span className={styles.accepted}>
                  {t('billImport.accepted', { values: problem.accepted.join(', ') })}
                </span>
              ) : null}
            </>,
          ],
        }))}
      />
      {answer.more_problems > 0 ? (
        <p>{t('billImport.moreProblems', { count: answer.more_problems })}</p>
      ) : null}
      <RecordsTable
        title={answer.applied ? t('billImport.changedHeading') : t('billImport.changesHeading')}
        empty={t('billImport.noChanges')}
        headings={[t('billImport.line'), t('billImport.account'), t('billImport.outcome')]}
        rows={answer.changes.map((change) => ({
          key: change.line,
          cells: [
            String(change.line),
            change.account_no,
            change.payment_reference
              ? t('billImport.outcomes.corrected', { reference: change.payment_reference })
              : t(`billImport.outcomes.${change.outcome}`),
          ],
        }))}
      />
      {answer.more_changes > 0 ? (
        <p>{t('billImport.moreChanges', { count: answer.more_changes })}</p>
      ) : null}
    </>
  );
}

/**
 * The bar while the server works on the file: which step it is at and, where the step can be
 * measured, how much of it is done. Only the step is announced: a count that changes every second
 * would drown a screen reader.
 */
function WorkProgress({ importing, id }: { importing: boolean; id: string }) {
  const { t } = useTranslation('office');
  const progress = useBillImportProgress(id).data;
  const steps = importing ? billImportSteps : billImportSteps.slice(0, -1);
  const number = new Intl.NumberFormat(currentLanguage());
  // Once every row is staged, the one transaction that writes them all cannot be measured.
  const finalWrite =
    progress?.step === 'writing' && (progress.total === null || progress.done >= progress.total);
  let measure: string | undefined;
  if (finalWrite) {
    measure = t('billImport.progress.finalWrite');
  } else if (progress?.total) {
    measure =
      progress.step === 'reading'
        ? t('billImport.progress.read', {
            percent: number.format(Math.floor((100 * progress.done) / progress.total)),
          })
        : t('billImport.progress.rows', {
            done: number.format(progress.done),
            total: number.format(progress.total),
          });
  }
  return (
    <div className={styles.progress}>
      <p id="bill-file-step" role="status" className={styles.step}>
        {importing ? t('billImport.importing') : t('billImport.checking')}
        {progress ? (
          <>
            {' '}
            {t('billImport.progress.step', {
              step: steps.indexOf(progress.step) + 1,
              steps: steps.length,
              what: t(`billImport.progress.steps.${progress.step}`),
            })}
          </>
        ) : null}
      </p>
      {progress?.total && !finalWrite ? (
        <progress aria-labelledby="bill-file-step" value={progress.done} max={progress.total} />
      ) : (
        <progress aria-labelledby="bill-file-step" />
      )}
      {measure ? <p className={styles.measure}>{measure}</p> : null}
    </div>
  );
}

/**
 * A council admin's import of a file of bills (docs/bill-import.md): choose the payment type and
 * the file, check it row by row, put right what the check found, then import the file checked,
 * whole. A council admin has their own council; the state admin chooses one.
 */
export function BillImportPage() {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const { council, picker } = useScreenCouncil();
  const [paymentType, setPaymentType] = useState<FileKind>('assessment');
  const [file, setFile] = useState<File>();
  const [tooLarge, setTooLarge] = useState(false);
  /** The officer's choice to correct bills paid through the portal, for this file only. */
  const [correcting, setCorrecting] = useState(false);
  const send = useSendBillFile();
  const template = useSendTemplate();
  const answer = send.data;
  const checked = answer && !answer.applied ? answer : undefined;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    send.reset();
    setCorrecting(false);
    setTooLarge(chosen !== undefined && chosen.size > billImportApi.upload.upload.maxBytes);
    setFile(chosen);
  };
  const check = (overwritePaid = correcting) => {
    if (council && file && !tooLarge) {
      setCorrecting(overwritePaid);
      send.mutate({ council, paymentType, file, overwritePaid, progress: crypto.randomUUID() });
    }
  };
  const importChecked = () => {
    if (council && file && checked) {
      send.mutate({
        council,
        paymentType,
        file,
        checked,
        overwritePaid: correcting,
        progress: crypto.randomUUID(),
      });
    }
  };
  const paidRows = checked?.problems.filter((problem) => problem.problem === 'paid_by_portal');
  const importing = send.isPending && send.variables?.checked !== undefined;

  return (
    <>
      <h1 className={list.heading}>{t('billImport.heading')}</h1>
      <p className={list.intro}>{t('billImport.intro')}</p>
      <div className={list.body}>
        {picker}
        {council ? (
          <section className={panel.panel} aria-labelledby="bill-file">
            <h2 id="bill-file">{t('billImport.fileHeading')}</h2>
            <Field label={t('billImport.type')}>
              {(control) => (
                <Select
                  {...control}
                  value={paymentType}
                  onChange={(event) => {
                    send.reset();
                    setCorrecting(false);
                    setPaymentType(event.currentTarget.value as FileKind);
                  }}
                >
                  {fileKinds.map((type) => (
                    <option key={type} value={type}>
                      {type === 'application'
                        ? t('billImport.applications')
                        : tPortal(`paymentTypes.${type}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <p>{t('billImport.templateHint')}</p>
            <div>
              <Button
                type="button"
                variant="secondary"
                onClick={() => template.mutate(paymentType)}
                disabled={template.isPending}
              >
                {t('billImport.template')}
              </Button>
            </div>
            <Field
              label={t('billImport.file')}
              hint={t('billImport.fileHint')}
              error={tooLarge ? tPortal('errors.too_large') : undefined}
            >
              {(control) => (
                <FileInput
                  {...control}
                  accept={billImportApi.upload.upload.types.join(',')}
                  onChange={choose}
                  disabled={send.isPending}
                />
              )}
            </Field>
            <div>
              <Button
                type="button"
                onClick={() => check()}
                disabled={!file || tooLarge || send.isPending}
              >
                {t('billImport.check')}
              </Button>
            </div>
            {send.isPending ? (
              <WorkProgress importing={importing} id={send.variables.progress} />
            ) : null}
            {send.error || template.error ? (
              <Notice tone="error" live>
                <p>{errorText(tPortal, send.error ?? template.error)}</p>
              </Notice>
            ) : null}
          </section>
        ) : null}
        {answer ? (
          <section className={panel.panel} aria-labelledby="bill-check">
            <h2 id="bill-check">
              {answer.applied ? t('billImport.importedHeading') : t('billImport.checkHeading')}
            </h2>
            {answer.applied ? (
              <Notice tone="info" live>
                <p>
                  {t('billImport.imported', { created: answer.created, updated: answer.updated })}
                </p>
              </Notice>
            ) : null}
            <CheckAnswer answer={answer} />
            {correcting && checked ? (
              <Notice tone="info">
                <p>{t('billImport.correcting')}</p>
              </Notice>
            ) : null}
            {checked && checked.problems.length === 0 && checked.pause_seconds ? (
              <Notice tone="info">
                <p>
                  {t('billImport.pause', {
                    rows: checked.created + checked.updated,
                    count: checked.pause_seconds,
                  })}
                </p>
              </Notice>
            ) : null}
            {checked && checked.problems.length === 0 && checked.created + checked.updated > 0 ? (
              <div>
                <Button type="button" onClick={importChecked} disabled={send.isPending}>
                  {t('billImport.import', { count: checked.created + checked.updated })}
                </Button>
              </div>
            ) : null}
            {checked && checked.problems.length > (paidRows?.length ?? 0) ? (
              <p>{t('billImport.fixAndCheck')}</p>
            ) : null}
            {paidRows && paidRows.length > 0 ? (
              <Notice tone="error">
                <p>{t('billImport.correctHint', { count: paidRows.length })}</p>
                <div>
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => check(true)}
                    disabled={send.isPending}
                  >
                    {t('billImport.correct')}
                  </Button>
                </div>
              </Notice>
            ) : null}
          </section>
        ) : null}
      </div>
    </>
  );
}

function useSendTemplate() {
  return useMutation({ mutationFn: downloadTemplate });
}
