import { compoundTypes } from '@portal/domain/compounds';
import type { ValidationMessageKey } from '@portal/domain/errors';
import { fieldErrors, searchSchema } from '@portal/domain/forms';
import { formatRinggit } from '@portal/domain/money';
import type { PaymentType } from '@portal/domain/payment-types';
import { planTypes } from '@portal/domain/plans';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { Field, InputField, Select } from '../../components/ui/Field';
import { SearchIcon } from '../../components/ui/icons';
import { planTypeKeys } from './bill-details';
import { useSearchBill, type SearchBillInput } from './search-bill';
import { searchFailureOf, type SearchResult } from './search-outcome';
import styles from './SearchPage.module.css';

type FieldName = 'query' | 'plan_type' | 'compound_type';
const fieldOrder: FieldName[] = ['compound_type', 'plan_type', 'query'];

export interface BillSearchFormProps {
  council: string;
  type: Exclude<PaymentType, 'local_government_charge'>;
  onSearching: () => void;
  /** The outcome, and a sentence for screen readers (the result area's live region). */
  onResult: (result: SearchResult | null, said?: string) => void;
}

/** The number to look up, with its label and hint for the payment type. */
export function BillSearchForm({ council, type, onSearching, onResult }: BillSearchFormProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const search = useSearchBill();
  const [query, setQuery] = useState('');
  const [planType, setPlanType] = useState('');
  const [compoundType, setCompoundType] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, ValidationMessageKey>>>({});
  const queryRef = useRef<HTMLInputElement>(null);
  const planRef = useRef<HTMLSelectElement>(null);
  const compoundRef = useRef<HTMLSelectElement>(null);

  const focusFirstError = (found: Partial<Record<FieldName, unknown>>) => {
    const first = fieldOrder.find((name) => found[name]);
    const refs = { query: queryRef, plan_type: planRef, compound_type: compoundRef };
    if (first) refs[first].current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (search.isPending) return;
    const input: SearchBillInput = {
      council,
      payment_type: type,
      query: query.trim(),
      ...(type === 'engineer' && planType ? { plan_type: planType } : {}),
      ...(type === 'compound' && compoundType ? { compound_type: compoundType } : {}),
    };
    const checked = searchSchema.safeParse(input);
    if (!checked.success) {
      const found = fieldErrors(checked.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    onSearching();
    search.mutate(input, {
      onSuccess: (bill) =>
        onResult(
          { kind: 'bill', bill },
          t('search.found', {
            type: t(`paymentTypes.${bill.payment_type}`),
            account: bill.account_no,
            amount: formatRinggit(bill.amount_due),
          }),
        ),
      onError: (error) => {
        const failure = searchFailureOf(error);
        if (failure.show === 'result') {
          onResult(failure.refusal);
          return;
        }
        onResult(null);
        if (failure.show === 'fields') {
          const shown = Object.fromEntries(
            fieldOrder
              .filter((name) => failure.fields[name])
              .map((name) => [name, failure.fields[name]]),
          );
          if (Object.keys(shown).length > 0) {
            setErrors(shown);
            focusFirstError(shown);
            return;
          }
        }
        const code = failure.show === 'snackbar' ? failure.code : 'validation_failed';
        snackbar.show({ message: t(`errors.${code}`), tone: 'error' });
        // 'Not Found!': back to the number, ready to be corrected.
        queryRef.current?.focus();
        queryRef.current?.select();
      },
    });
  };

  const message = (name: FieldName) => {
    const key = errors[name];
    return key ? t(`validation.${key}`) : undefined;
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {type === 'compound' ? (
        <Field label={t('search.compoundType')} error={message('compound_type')}>
          {(control) => (
            <Select
              {...control}
              ref={compoundRef}
              value={compoundType}
              onChange={(event) => setCompoundType(event.target.value)}
            >
              <option value="">{t('search.compoundTypeAny')}</option>
              {compoundTypes.map((item) => (
                <option key={item} value={item}>
                  {t(`compoundTypes.${item}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      {type === 'engineer' ? (
        <Field label={t('search.planType')} error={message('plan_type')}>
          {(control) => (
            <Select
              {...control}
              ref={planRef}
              value={planType}
              onChange={(event) => setPlanType(event.target.value)}
            >
              <option value="">{t('search.planTypeAny')}</option>
              {planTypes.map((item) => (
                <option key={item} value={item}>
                  {t(`planTypes.${planTypeKeys[item]}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <InputField
        label={t(`search.query.${type}.label`)}
        hint={t(`search.query.${type}.hint`)}
        error={message('query')}
        ref={queryRef}
        type="text"
        name="query"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          if (errors.query) setErrors((current) => ({ ...current, query: undefined }));
        }}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={80}
      />
      <Button type="submit" block aria-busy={search.isPending || undefined}>
        <SearchIcon />
        {search.isPending ? t('search.searching') : t('search.submit')}
      </Button>
    </form>
  );
}
