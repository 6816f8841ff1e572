import { compoundTypes } from '@portal/domain/compounds';
import { searchSchema } from '@portal/domain/forms';
import { formatRinggit } from '@portal/domain/money';
import type { PaymentType } from '@portal/domain/payment-types';
import { planTypes } from '@portal/domain/plans';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { useDomainForm, type DomainSchema } from '../../components/form/use-domain-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { BusyLabel, Button } from '../../components/ui/Button';
import { SearchIcon } from '../../components/ui/icons';
import { planTypeKeys } from './bill-details';
import { useSearchBill, type SearchBillInput } from './search-bill';
import { showSearchFailure, type SearchResult } from './search-outcome';
import styles from '../../components/SearchLayout.module.css';

type SearchValues = Record<keyof SearchBillInput, string>;

/** What the search sends: the number trimmed, and a plan or compound type only where it applies. */
function searchOf({ council, payment_type, query, plan_type, compound_type }: SearchValues) {
  return {
    council,
    payment_type,
    query: query.trim(),
    ...(payment_type === 'engineer' && plan_type ? { plan_type } : {}),
    ...(payment_type === 'compound' && compound_type ? { compound_type } : {}),
  };
}

const searchForm: DomainSchema<SearchBillInput> = {
  safeParse: (values) => {
    const checked = searchSchema.safeParse(searchOf(values as SearchValues));
    return checked.success
      ? { success: true, data: searchOf(values as SearchValues) as SearchBillInput }
      : checked;
  },
};

export interface BillSearchFormProps {
  council: string;
  type: Exclude<PaymentType, 'local_government_charge'>;
  /** A number a link to one bill gives: searched for at once, as if typed. */
  linkedAccount?: string;
  onSearching: () => void;
  /** The outcome, and a sentence for screen readers (the result area's live region). */
  onResult: (result: SearchResult | null, said?: string) => void;
}

/** The number to look up, with its label and hint for the payment type. */
export function BillSearchForm({
  council,
  type,
  linkedAccount = '',
  onSearching,
  onResult,
}: BillSearchFormProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const search = useSearchBill();
  const form = useDomainForm(
    searchForm,
    { council, payment_type: type, query: linkedAccount, plan_type: '', compound_type: '' },
    { hidden: ['council', 'payment_type'] },
  );
  const { setValue, clearErrors } = form;
  useEffect(() => setValue('council', council), [council, setValue]);
  // Another type keeps the number typed (the reader may only have picked the wrong type); what
  // was wrong with it for the last type no longer stands.
  useEffect(() => {
    setValue('payment_type', type);
    clearErrors();
  }, [type, setValue, clearErrors]);

  const onSubmit = form.handleSubmit({
    send: (input: SearchBillInput) => {
      onSearching();
      return search.mutateAsync(input);
    },
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
      const shown = showSearchFailure(error, {
        result: onResult,
        fields: form.showErrors,
        snackbar: (code) => snackbar.show({ message: t(`errors.${code}`), tone: 'error' }),
      });
      // 'Not Found!': back to the number, ready to be corrected.
      if (shown === 'not_found') form.setFocus('query', { shouldSelect: true });
      return true;
    },
  });

  // A linked bill is looked up once, by the form itself, so it is checked and told as any search.
  const formElement = useRef<HTMLFormElement>(null);
  const linkSearched = useRef(false);
  useEffect(() => {
    if (!linkedAccount || linkSearched.current) return;
    linkSearched.current = true;
    formElement.current?.requestSubmit();
  }, [linkedAccount]);

  const typeChoice = (
    name: 'compound_type' | 'plan_type',
    label: string,
    any: string,
    options: { value: string; name: string }[],
  ) => {
    return (
      <SelectField form={form} name={name} label={label}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.name}
          </option>
        ))}
      </SelectField>
    );
  };

  return (
    <form ref={formElement} className={styles.form} onSubmit={onSubmit} noValidate>
      {type === 'compound'
        ? typeChoice(
            'compound_type',
            t('search.compoundType'),
            t('search.compoundTypeAny'),
            compoundTypes.map((item) => ({ value: item, name: t(`compoundTypes.${item}`) })),
          )
        : null}
      {type === 'engineer'
        ? typeChoice(
            'plan_type',
            t('search.planType'),
            t('search.planTypeAny'),
            planTypes.map((item) => ({ value: item, name: t(`planTypes.${planTypeKeys[item]}`) })),
          )
        : null}
      <TextField
        form={form}
        name="query"
        label={t(`search.query.${type}.label`)}
        hint={t(`search.query.${type}.hint`)}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={80}
      />
      <Button type="submit" block aria-busy={search.isPending || undefined}>
        <BusyLabel
          icon={<SearchIcon />}
          busy={search.isPending}
          idle={t('search.submit')}
          working={t('search.searching')}
        />
      </Button>
    </form>
  );
}
