import type { ValidationMessageKey } from '@portal/domain/errors';
import { fieldErrors, localChargeLimitErrors, localChargeSchema } from '@portal/domain/forms';
import { formatRinggit } from '@portal/domain/money';
import { useRef, useState, type FormEvent, type HTMLInputTypeAttribute } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { InputField } from '../../components/ui/Field';
import { useCouncils } from '../../shared/get-councils';
import { useQuoteLocalCharge } from './quote-local-charge';
import { searchFailureOf, type SearchResult } from './search-outcome';
import styles from './SearchPage.module.css';

const fieldNames = [
  'license_no',
  'customer_name',
  'total_no_of_people',
  'start_date',
  'end_date',
  'full_name',
  'email',
  'phone',
] as const;

type FieldName = (typeof fieldNames)[number];
type Values = Record<FieldName, string>;

const empty: Values = {
  license_no: '',
  customer_name: '',
  total_no_of_people: '',
  start_date: '',
  end_date: '',
  full_name: '',
  email: '',
  phone: '',
};

interface InputSpec {
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  hint?: 'license_no_hint' | 'dates_hint' | 'email_hint' | 'phone_hint';
}

// WCAG 1.3.5: the reader's own details say what they are, so browsers can fill them in.
const inputs: Record<FieldName, InputSpec> = {
  license_no: { autoComplete: 'off', hint: 'license_no_hint' },
  customer_name: { autoComplete: 'organization' },
  total_no_of_people: { inputMode: 'numeric', autoComplete: 'off' },
  start_date: { type: 'date', autoComplete: 'off', hint: 'dates_hint' },
  end_date: { type: 'date', autoComplete: 'off' },
  full_name: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', hint: 'email_hint' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', hint: 'phone_hint' },
};

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
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<FieldName, ValidationMessageKey>>>({});
  const refs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  const showErrors = (found: Partial<Record<string, ValidationMessageKey>>) => {
    const shown = Object.fromEntries(
      fieldNames.filter((name) => found[name]).map((name) => [name, found[name]]),
    ) as Partial<Record<FieldName, ValidationMessageKey>>;
    setErrors(shown);
    const first = fieldNames.find((name) => shown[name]);
    if (first) refs.current[first]?.focus();
    return first !== undefined;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (quote.isPending) return;
    const checked = localChargeSchema.safeParse({
      ...values,
      total_no_of_people: people(values.total_no_of_people),
    });
    if (!checked.success) {
      showErrors(fieldErrors(checked.error));
      return;
    }
    if (limits && showErrors(localChargeLimitErrors(checked.data, limits))) return;
    setErrors({});
    onSearching();
    const form = checked.data;
    quote.mutate(
      {
        council,
        license_no: form.license_no,
        customer_name: form.customer_name,
        total_no_of_people: form.total_no_of_people,
        start_date: form.start_date,
        end_date: form.end_date,
        full_name: form.full_name,
        email: form.email,
        phone: form.phone,
      },
      {
        onSuccess: (answer) =>
          onResult(
            { kind: 'quote', quote: answer },
            t('search.charge.quoted', { amount: formatRinggit(answer.amount_due) }),
          ),
        onError: (error) => {
          const failure = searchFailureOf(error);
          if (failure.show === 'result') {
            onResult(failure.refusal);
            return;
          }
          onResult(null);
          if (failure.show === 'fields' && showErrors(failure.fields)) return;
          const code = failure.show === 'snackbar' ? failure.code : 'validation_failed';
          snackbar.show({ message: t(`errors.${code}`), tone: 'error' });
          if (code === 'not_found') refs.current.license_no?.focus();
        },
      },
    );
  };

  const field = (name: FieldName) => {
    const spec = inputs[name];
    const key = errors[name];
    return (
      <InputField
        key={name}
        label={t(`search.charge.${name}`)}
        hint={spec.hint ? t(`search.charge.${spec.hint}`) : undefined}
        error={key ? t(`validation.${key}`) : undefined}
        ref={(element) => {
          refs.current[name] = element;
        }}
        name={name}
        type={spec.type ?? 'text'}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
        value={values[name]}
        onChange={(event) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [name]: value }));
          if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
        }}
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
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('search.charge.contactLegend')}</legend>
        {field('full_name')}
        {field('email')}
        {field('phone')}
      </fieldset>
      <Button type="submit" block aria-busy={quote.isPending || undefined}>
        {quote.isPending ? t('search.charge.calculating') : t('search.charge.submit')}
      </Button>
    </form>
  );
}
