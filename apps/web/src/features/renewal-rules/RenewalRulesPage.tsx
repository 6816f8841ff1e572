import type { RenewalRulesView } from '@portal/domain/contracts/renewal-rules';
import { malaysiaDay, writtenDate } from '@portal/domain/display-filters';
import {
  reductionField,
  reductionFormFields,
  renewableStatusField,
  renewalRulesFormSchema,
  type ReductionFormField,
} from '@portal/domain/forms';
import { languages, type Language } from '@portal/domain/languages';
import { licenceStatuses, reductionMethods, reductionOn } from '@portal/domain/licences';
import { formatAmount, formatRinggit } from '@portal/domain/money';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { CheckboxField } from '../../components/form/CheckboxField';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { QueryFailure, useScreenCouncil } from '../staff';
import { useChangeRenewalRules, useRenewalRules } from './get-renewal-rules';
import styles from './RenewalRules.module.css';
import list from '../../components/ListScreen.module.css';

type Values = Record<string, string | boolean>;
type Reduction = RenewalRulesView['reductions'][number];

/** The label of a reduction's name in each language. */
const nameLabels = {
  ms: 'renewalRules.nameMs',
  en: 'renewalRules.nameEn',
  zh: 'renewalRules.nameZh',
} as const satisfies Record<Language, string>;

/** A reduction's row of the form, as typed: ringgit for a fixed amount, a percent otherwise. */
function rowOf(reduction: Reduction | undefined): Record<ReductionFormField, string> {
  return {
    name_ms: reduction?.name.ms ?? '',
    name_en: reduction?.name.en ?? '',
    name_zh: reduction?.name.zh ?? '',
    method: reduction?.method ?? 'percentage',
    value: !reduction
      ? ''
      : reduction.method === 'percentage'
        ? String(reduction.percent)
        : formatAmount(reduction.amount_sen),
    from: reduction?.from ?? '',
    to: reduction?.to ?? '',
  };
}

/** The form's values for a list of rows (each a reduction's fields, by name). */
function withRows(values: Values, rows: Record<ReductionFormField, string>[]): Values {
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !/^r\d+_/.test(name)));
  rows.forEach((row, index) => {
    for (const field of reductionFormFields) kept[reductionField(index, field)] = row[field];
  });
  return kept;
}

function rowsOf(values: Values, count: number): Record<ReductionFormField, string>[] {
  return Array.from(
    { length: count },
    (_, index) =>
      Object.fromEntries(
        reductionFormFields.map((field) => [field, String(values[reductionField(index, field)])]),
      ) as Record<ReductionFormField, string>,
  );
}

/** The rules as the form first shows them. */
function valuesOf(rules: RenewalRulesView): Values {
  return withRows(
    {
      council: rules.council,
      version: String(rules.version),
      process_fee: formatAmount(rules.process_fee_sen),
      early_renewal_days: String(rules.early_renewal_days),
      ...Object.fromEntries(
        licenceStatuses.map((status) => [
          renewableStatusField(status),
          rules.renewable_statuses.includes(status),
        ]),
      ),
    },
    rules.reductions.map(rowOf),
  );
}

/** What a reduction takes off, in words: its percent, or its amount in ringgit. */
function reductionText(reduction: Reduction): string {
  return reduction.method === 'percentage'
    ? `${reduction.percent}%`
    : `− ${formatRinggit(reduction.amount_sen)}`;
}

/**
 * The rules form: fee, window, statuses and one fieldset a reduction. Adding or removing a
 * reduction draws the form again with the values as typed, since its fields (and its schema)
 * are counted by rows.
 */
function RulesForm({
  rules,
  values,
  rows,
  onRows,
  outcome,
  onOutcome,
}: {
  rules: RenewalRulesView;
  values: Values;
  rows: number;
  onRows: (values: Values, rows: Record<ReductionFormField, string>[]) => void;
  outcome: Outcome;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const change = useChangeRenewalRules(rules.council);
  const schema = useMemo(() => renewalRulesFormSchema(rows), [rows]);
  const form = useDomainForm(schema, values, { hidden: ['council', 'version'] });
  const onSubmit = form.handleSubmit({
    send: (checked) => {
      onOutcome(undefined);
      return change.mutateAsync(checked);
    },
    onSuccess: () => onOutcome('saved'),
    // Someone else's change landed first: the page reads the rules again and says so.
    onError: (error) => {
      const changed = error instanceof ApiError && error.code === 'rules_changed';
      if (changed) onOutcome('changed');
      return changed;
    },
  });
  const current = () => form.getValues();
  const field = (row: number, name: ReductionFormField) => reductionField(row, name);
  return (
    <ActionForm
      heading={t('renewalRules.formHeading')}
      done={outcome === 'saved' ? t('renewalRules.saved') : undefined}
      submit={t('renewalRules.submit')}
      form={form}
      onSubmit={onSubmit}
    >
      <TextField
        form={form}
        name="process_fee"
        label={t('renewalRules.processFee')}
        hint={t('renewalRules.processFeeHint')}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        form={form}
        name="early_renewal_days"
        label={t('renewalRules.earlyDays')}
        hint={t('renewalRules.earlyDaysHint')}
        inputMode="numeric"
        autoComplete="off"
      />
      <fieldset className={styles.group}>
        <legend>{t('renewalRules.statuses')}</legend>
        <div className={styles.statuses}>
          {licenceStatuses.map((status) => (
            <CheckboxField
              key={status}
              form={form}
              name={renewableStatusField(status)}
              label={tPortal(`statuses.${status}`)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('renewalRules.reductions')}</legend>
        <p className={styles.hint}>
          {t('renewalRules.reductionsIntro')} {t('renewalRules.valueHint')}
        </p>
        {rows === 0 ? <p className={styles.hint}>{t('renewalRules.none')}</p> : null}
        {Array.from({ length: rows }, (_, row) => (
          <fieldset key={row} className={styles.reduction}>
            <legend>{t('renewalRules.reduction', { number: row + 1 })}</legend>
            {languages.map((language) => (
              <TextField
                key={language}
                form={form}
                name={field(row, `name_${language}`)}
                label={t(nameLabels[language])}
                className={styles.name}
              />
            ))}
            <SelectField
              form={form}
              name={field(row, 'method')}
              label={t('renewalRules.method')}
              defaultValue={String(values[field(row, 'method')])}
            >
              {reductionMethods.map((method) => (
                <option key={method} value={method}>
                  {t(`renewalRules.methods.${method}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              form={form}
              name={field(row, 'value')}
              label={t('renewalRules.value')}
              inputMode="decimal"
              autoComplete="off"
            />
            <TextField
              form={form}
              name={field(row, 'from')}
              type="date"
              label={t('renewalRules.from')}
            />
            <TextField
              form={form}
              name={field(row, 'to')}
              type="date"
              label={t('renewalRules.to')}
            />
            <div className={styles.actions}>
              <Button
                variant="quiet"
                onClick={() =>
                  onRows(
                    current(),
                    rowsOf(current(), rows).filter((_, index) => index !== row),
                  )
                }
              >
                {t('renewalRules.remove', { number: row + 1 })}
              </Button>
            </div>
          </fieldset>
        ))}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => onRows(current(), [...rowsOf(current(), rows), rowOf(undefined)])}
          >
            {t('renewalRules.add')}
          </Button>
        </div>
      </fieldset>
    </ActionForm>
  );
}

/** What the last change did: saved, or refused because someone else's landed first. */
type Outcome = 'saved' | 'changed' | undefined;

/** The rules as read, and the form drawn from them (again when rows are added or removed). */
function RulesEditor({
  rules,
  outcome,
  onOutcome,
}: {
  rules: RenewalRulesView;
  outcome: Outcome;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [draft, setDraft] = useState(() => ({
    values: valuesOf(rules),
    rows: rules.reductions.length,
    drawn: 0,
  }));
  return (
    <RulesForm
      key={draft.drawn}
      rules={rules}
      values={draft.values}
      rows={draft.rows}
      outcome={outcome}
      onOutcome={onOutcome}
      onRows={(values, rows) =>
        setDraft((was) => ({
          values: withRows(values, rows),
          rows: rows.length,
          drawn: was.drawn + 1,
        }))
      }
    />
  );
}

/**
 * A council's licence renewal rules (docs/licences.md): the process fee, how early renewal opens,
 * the statuses that renew, and the reductions of the licence fee by their dates, the one in force
 * today in bold. A council admin has their own council; the state admin chooses one. A change
 * names the version it was read at: when someone else's landed first, the page shows theirs and
 * says so.
 */
export function RenewalRulesPage() {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const { council, picker } = useScreenCouncil();
  const rules = useRenewalRules(council);
  const answer = rules.data;
  const lang = currentLanguage();
  // Said of the council it happened to: the state admin may pick another meanwhile.
  const [last, setLast] = useState<{ council: string | undefined; outcome: Outcome }>();
  const outcome = last?.council === council ? last?.outcome : undefined;
  const setOutcome = (next: Outcome) => setLast({ council, outcome: next });
  const inForce = answer ? reductionOn(answer.reductions, malaysiaDay(new Date())) : undefined;
  return (
    <>
      <h1 className={list.heading}>{t('renewalRules.heading')}</h1>
      <p className={list.intro}>{t('renewalRules.intro')}</p>
      <div className={list.body}>
        {picker}
        <QueryFailure query={rules} />
        {outcome === 'changed' ? (
          <Notice tone="error" live>
            <p>{tPortal('errors.rules_changed')}</p>
          </Notice>
        ) : null}
        {answer ? (
          <>
            <RecordsTable
              title={`${answer.council.toUpperCase()} · ${t('renewalRules.version', { version: answer.version })}`}
              empty={t('renewalRules.none')}
              headings={[
                t('renewalRules.name'),
                t('renewalRules.value'),
                t('renewalRules.from'),
                t('renewalRules.to'),
              ]}
              rows={answer.reductions.map((reduction, index) => ({
                key: index,
                cells: [
                  reduction === inForce ? (
                    <strong>{reduction.name[lang]}</strong>
                  ) : (
                    reduction.name[lang]
                  ),
                  reductionText(reduction),
                  writtenDate(reduction.from, lang),
                  writtenDate(reduction.to, lang),
                ],
              }))}
            />
            <RulesEditor
              key={`${answer.council}-${answer.version}`}
              rules={answer}
              outcome={outcome}
              onOutcome={setOutcome}
            />
          </>
        ) : null}
      </div>
    </>
  );
}
