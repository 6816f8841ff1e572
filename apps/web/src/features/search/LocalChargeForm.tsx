import { writtenDate } from '@portal/domain/display-filters';
import {
  localChargeDays,
  localChargeLimitErrors,
  localChargeSchema,
  type LocalChargeForm as LocalCharge,
} from '@portal/domain/forms';
import { formatRinggit } from '@portal/domain/money';
import type { HTMLInputTypeAttribute } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/TextField';
import { useDomainForm, type DomainSchema } from '../../components/form/use-domain-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { currentLanguage } from '../../i18n/i18n';
import { useCouncils } from '../../shared/get-councils';
import { useQuoteLocalCharge } from './quote-local-charge';
import { showSearchFailure, type SearchResult } from './search-outcome';
import styles from '../../components/SearchLayout.module.css';

const empty = {
  license_no: '',
  customer_name: '',
  total_no_of_people: '',
  start_date: '',
  end_date: '',
};

type Values = typeof empty;
type FieldName = keyof Values;

interface InputSpec {
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'numeric';
  hint?: 'license_no_hint' | 'dates_hint';
}

const inputs: Record<FieldName, InputSpec> = {
  license_no: { autoComplete: 'off', hint: 'license_no_hint' },
  customer_name: { autoComplete: 'organization' },
  total_no_of_people: { inputMode: 'numeric', autoComplete: 'off' },
  start_date: { type: 'date', autoComplete: 'off', hint: 'dates_hint' },
  end_date: { type: 'date', autoComplete: 'off' },
};

/** Days from start to end, both counted; undefined until both are dates in that order. */
function daysBetween(start: string, end: string): number | undefined {
  try {
    const days = localChargeDays(start, end);
    return days > 0 ? days : undefined;
  } catch {
    return undefined;
  }
}

/** What the number field holds, for the schema: blank is missing, anything but digits is not > 0. */
function people(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
}

export interface LocalChargeFormProps {
  council: string;
  onSearching: () => void;
  onResult: (result: SearchResult | null, said?: string) => void;
}

/**
 * The local government charge form (docs/search.md), checked with the domain's schema before it is
 * sent; the server answers the days, the rate and the amount (people x days x rate).
 */
export function LocalChargeForm({ council, onSearching, onResult }: LocalChargeFormProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const quote = useQuoteLocalCharge();
  const councils = useCouncils();
  const limits = councils.data?.find((known) => known.code === council)?.local_charge_limits;
  /** The schema sees the number of people as a number: blank is missing, anything else not > 0. */
  const chargeForm: DomainSchema<LocalCharge> = {
    safeParse: (values) => {
      const typed = values as Values;
      return localChargeSchema.safeParse({
        ...typed,
        total_no_of_people: people(typed.total_no_of_people),
      });
    },
  };
  const form = useDomainForm(chargeForm, empty);
  // A date field shows the date the browser's way (often mm/dd/yyyy): beside it, the portal's.
  const [start, end] = form.watch(['start_date', 'end_date']);
  const days = daysBetween(start, end);

  const onSubmit = form.handleSubmit({
    send: async (charge: LocalCharge) => {
      // Beyond the council's limits, the fields say so and nothing is sent.
      if (limits && form.showErrors(localChargeLimitErrors(charge, limits))) return null;
      onSearching();
      return quote.mutateAsync({
        council,
        license_no: charge.license_no,
        customer_name: charge.customer_name,
        total_no_of_people: charge.total_no_of_people,
        start_date: charge.start_date,
        end_date: charge.end_date,
      });
    },
    onSuccess: (answer) => {
      if (!answer) return;
      onResult(
        { kind: 'quote', quote: answer },
        t('search.charge.quoted', { amount: formatRinggit(answer.amount_due) }),
      );
    },
    onError: (error) => {
      const shown = showSearchFailure(error, {
        result: onResult,
        fields: form.showErrors,
        snackbar: (code) => snackbar.show({ message: t(`errors.${code}`), tone: 'error' }),
      });
      if (shown === 'not_found') form.setFocus('license_no');
      return true;
    },
  });

  const field = (name: FieldName) => {
    const spec = inputs[name];
    return (
      <TextField
        key={name}
        form={form}
        name={name}
        label={t(`search.charge.${name}`)}
        hint={spec.hint && t(`search.charge.${spec.hint}`)}
        type={spec.type ?? 'text'}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
      />
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.formIntro}>{t('search.charge.intro')}</p>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('search.charge.eventLegend')}</legend>
        {limits ? (
          <p className={styles.formIntro}>
            {t('search.charge.limits_hint', { people: limits.max_people, days: limits.max_days })}
          </p>
        ) : null}
        {field('license_no')}
        {field('customer_name')}
        {field('total_no_of_people')}
        {field('start_date')}
        {field('end_date')}
        <p className={styles.preview} aria-live="polite">
          {days
            ? t('search.charge.periodDays', {
                count: days,
                start: writtenDate(start, currentLanguage()),
                end: writtenDate(end, currentLanguage()),
              })
            : ''}
        </p>
      </fieldset>
      <Button type="submit" block aria-busy={quote.isPending || undefined}>
        {quote.isPending ? t('search.charge.calculating') : t('search.charge.submit')}
      </Button>
    </form>
  );
}
