import type { ErrorCode, ValidationMessageKey } from '@portal/domain/errors';
import { fieldErrors, receiptLookupSchema } from '@portal/domain/forms';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { InputField } from '../../components/ui/Field';
import { SearchIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { ApiError, errorCodeOf } from '../../lib/api-client';
import { useFindReceipt, type GuestCredentials } from './find-receipt';
import styles from './ReceiptPage.module.css';

const fieldNames = ['reference', 'email'] as const;
type FieldName = (typeof fieldNames)[number];

export interface ReceiptLookupFormProps {
  /** The reference from the address, when there is one. */
  initialReference?: string;
  onFound: (credentials: GuestCredentials, receipt: Receipt) => void;
}

/**
 * Finds a payment without the token this browser would have kept: its reference and the payer's
 * e-mail, checked with the domain's schema before they are sent.
 */
export function ReceiptLookupForm({ initialReference = '', onFound }: ReceiptLookupFormProps) {
  const { t } = useTranslation();
  const find = useFindReceipt();
  const [values, setValues] = useState<Record<FieldName, string>>({
    reference: initialReference,
    email: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, ValidationMessageKey>>>({});
  /** Why the last look-up found nothing: 'notFound' gets words of its own. */
  const [problem, setProblem] = useState<ErrorCode>();
  const refs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  const showErrors = (found: Partial<Record<string, ValidationMessageKey>>): boolean => {
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
    if (find.isPending) return;
    const checked = receiptLookupSchema.safeParse(values);
    setProblem(undefined);
    if (!checked.success) {
      showErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    const credentials: GuestCredentials = checked.data;
    find.mutate(credentials, {
      onSuccess: (receipt) => onFound(credentials, receipt),
      onError: (error) => {
        if (
          error instanceof ApiError &&
          error.code === 'validation_failed' &&
          error.fields &&
          showErrors(error.fields)
        ) {
          return;
        }
        setProblem(errorCodeOf(error));
      },
    });
  };

  const field = (name: FieldName, label: string, hint?: string) => {
    const key = errors[name];
    return (
      <InputField
        label={label}
        hint={hint}
        error={key ? t(`validation.${key}`) : undefined}
        ref={(element) => {
          refs.current[name] = element;
        }}
        name={name}
        type={name === 'email' ? 'email' : 'text'}
        inputMode={name === 'email' ? 'email' : undefined}
        autoComplete={name === 'email' ? 'email' : 'off'}
        autoCapitalize={name === 'reference' ? 'characters' : undefined}
        spellCheck={false}
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
    <section className={styles.lookup} aria-labelledby="receipt-lookup-title">
      <h2 id="receipt-lookup-title" className={styles.cardTitle}>
        {t('receipts.lookup.heading')}
      </h2>
      <p className={styles.muted}>{t('receipts.lookup.intro')}</p>
      <form className={styles.lookupForm} onSubmit={onSubmit} noValidate>
        {field('reference', t('receipts.lookup.reference'), t('receipts.lookup.reference_hint'))}
        {field('email', t('receipts.lookup.email'))}
        {problem ? (
          <Notice tone="error" live>
            <p>
              {problem === 'not_found' ? t('receipts.lookup.notFound') : t(`errors.${problem}`)}
            </p>
          </Notice>
        ) : null}
        <Button type="submit" block aria-busy={find.isPending || undefined}>
          <SearchIcon />
          {find.isPending ? t('receipts.lookup.searching') : t('receipts.lookup.submit')}
        </Button>
      </form>
    </section>
  );
}
