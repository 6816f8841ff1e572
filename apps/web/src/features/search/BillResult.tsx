import { currentLanguage } from '../../i18n/i18n';
import {
  assessmentBalanceOf,
  assessmentOptions,
  chooseAssessmentAmount,
  defaultAssessmentRates,
  type AssessmentOption,
  type AssessmentRates,
  type AssessmentSelection,
} from '@portal/domain/assessments';
import type { FoundBill } from '@portal/domain/contracts/search';
import { compoundTypes } from '@portal/domain/compounds';
import {
  isPastDue,
  writtenDate,
  writtenDateTime,
  writtenQuarter,
} from '@portal/domain/display-filters';
import { licenceKinds } from '@portal/domain/licences';
import { formatRinggit, parseRinggit, ringgitInText } from '@portal/domain/money';
import { isAssessment } from '@portal/domain/payment-types';
import { planTypes } from '@portal/domain/plans';
import type { TFunction } from 'i18next';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { cartItemFromBill, type AssessmentChoiceForCart, useAddToCart } from '../cart';
import { CartActions } from './CartActions';
import { ShareBillLink } from './ShareBillLink';
import { SaveAccountForm } from '../my-accounts';
import { statusText } from '../../shared/status-text';
import { detailFields, planTypeKeys, type DetailFormat } from './bill-details';
import styles from '../../components/SearchLayout.module.css';
import { useFocusWhenShown } from '../../lib/focus-new-content';

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** A detail of the bill as the reader should see it; undefined when the bill has none. */
function formatDetail(t: TFunction, format: DetailFormat, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  switch (format) {
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value)
        ? formatRinggit(value)
        : undefined;
    case 'date':
      return writtenDate(String(value), currentLanguage()) || String(value);
    case 'dateTime':
      return writtenDateTime(String(value), currentLanguage()) || String(value);
    case 'quarter':
      return writtenQuarter(String(value), currentLanguage());
    case 'licenceKind':
      return isOneOf(licenceKinds, value) ? t(`licenceKinds.${value}`) : String(value);
    case 'licenceCategory':
      return value === 'operating' || value === 'trading'
        ? t(`licenceCategories.${value}`)
        : String(value);
    case 'compoundType':
      return isOneOf(compoundTypes, value) ? t(`compoundTypes.${value}`) : String(value);
    case 'planType':
      return isOneOf(planTypes, value) ? t(`planTypes.${planTypeKeys[value]}`) : String(value);
    default:
      return String(value);
  }
}

/** The rates of the bill's council, as the search sent them, or the documented defaults. */
function ratesOf(bill: FoundBill): AssessmentRates {
  const rates = bill.assessment_rates;
  if (!rates) return defaultAssessmentRates;
  return {
    partialDiscountBp: rates.partial_discount_bp,
    arrearsDiscountBp: rates.arrears_discount_bp,
  };
}

/** The server's options (docs/assessment.md), or the domain's own from the bill's figures. */
function optionsOf(bill: FoundBill): AssessmentOption[] {
  if (bill.assessment_options?.length) {
    return bill.assessment_options.map((option) => ({
      selection: option.selection,
      code: option.code,
      minimumSen: option.minimum,
      maximumSen: option.maximum,
      paidUntil: option.paid_until,
      discountSen: option.discount,
    }));
  }
  return assessmentOptions(assessmentBalanceOf(bill.details), ratesOf(bill));
}

function Row({ label, value }: { label: string; value: string | undefined }) {
  if (value === undefined) return null;
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export interface BillResultProps {
  bill: FoundBill;
  councilName: string;
}

/**
 * The bill found: who and what it is for, its key details, the amount due in ringgit and, for an
 * assessment, the three ways to pay it (docs/cart.md). Focus comes here when it appears.
 */
export function BillResult({ bill, councilName }: BillResultProps) {
  const { t } = useTranslation();
  const id = useId();
  const headingRef = useFocusWhenShown<HTMLHeadingElement>();
  const amountRef = useRef<HTMLInputElement>(null);
  const { add: addToCart, adding } = useAddToCart();

  const assessment = isAssessment(bill.payment_type);
  const options = assessment ? optionsOf(bill) : [];
  const [selection, setSelection] = useState<AssessmentSelection | undefined>(
    () => options.find((option) => option.selection === 'full')?.selection ?? options[0]?.selection,
  );
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string>();

  const owesNothing = bill.amount_due <= 0 && options.length === 0;
  const dueDate = bill.due_date
    ? writtenDate(bill.due_date, currentLanguage()) || bill.due_date
    : undefined;
  const overdue = bill.amount_due > 0 && isPastDue(bill.due_date);
  const details =
    bill.payment_type === 'local_government_charge' ? [] : detailFields[bill.payment_type];

  /** The chosen selection and amount, or a message saying what is wrong with the amount. */
  const choose = (): { choice?: AssessmentChoiceForCart; discountSen?: number; error?: string } => {
    if (!assessment || options.length === 0 || !selection) return {};
    const option = options.find((candidate) => candidate.selection === selection);
    if (!option) return { error: t('search.assessment.amountInvalid') };
    const amount = selection === 'partial' ? parseRinggit(amountText) : option.maximumSen;
    if (amount === undefined) return { error: t('search.assessment.amountInvalid') };
    const balance = assessmentBalanceOf(bill.details);
    const chosen = chooseAssessmentAmount(balance, selection, amount, ratesOf(bill));
    if (chosen.ok) {
      return {
        choice: {
          selection: chosen.selection,
          amount: chosen.amountSen,
          paidUntil: chosen.paidUntil,
        },
        discountSen: chosen.discountSen,
      };
    }
    if (chosen.reason === 'below_minimum') {
      return {
        error: t('search.assessment.belowMinimum', { min: ringgitInText(option.minimumSen) }),
      };
    }
    if (chosen.reason === 'above_maximum') {
      return {
        error: t('search.assessment.aboveMaximum', { max: ringgitInText(option.maximumSen) }),
      };
    }
    return { error: t('search.assessment.amountInvalid') };
  };

  const onAdd = async () => {
    const { choice, error } = choose();
    if (error) {
      setAmountError(error);
      amountRef.current?.focus();
      return false;
    }
    return addToCart(cartItemFromBill(bill, choice));
  };

  const partial = options.find((option) => option.selection === 'partial');
  const partialPreview = selection === 'partial' && amountText.trim() !== '' ? choose() : undefined;

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <header className={styles.cardHeader}>
        <div>
          <p className={styles.eyebrow}>{t(`paymentTypes.${bill.payment_type}`)}</p>
          <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.account}>
            {bill.account_no}
          </h3>
        </div>
        <p className={styles.status}>
          <span className="sr-only">{t('search.field.status')}: </span>
          {statusText(t, bill.status)}
        </p>
      </header>

      <dl className={styles.details}>
        <Row label={t('search.field.council')} value={councilName} />
        <Row label={t('search.field.owner')} value={bill.owner_name} />
        <Row label={t('search.field.ownerIc')} value={bill.owner_ic ?? undefined} />
        <Row label={t('search.field.address')} value={bill.address ?? undefined} />
        <Row label={t('search.field.description')} value={bill.description || undefined} />
        {details.map((field) => (
          <Row
            key={field.key}
            label={t(`search.details.${field.key}`)}
            value={formatDetail(t, field.format, bill.details[field.key])}
          />
        ))}
        <Row label={t('search.field.dueDate')} value={dueDate} />
      </dl>

      {overdue ? (
        <Notice tone="error">
          <p>{t('search.overdue', { date: dueDate })}</p>
        </Notice>
      ) : null}

      <p className={styles.amountDue}>
        <span>{t('search.field.amountDue')}</span>
        <strong data-testid="amount-due">{formatRinggit(bill.amount_due)}</strong>
      </p>

      {options.length > 0 && selection ? (
        <fieldset className={styles.options}>
          <legend className={styles.legend}>{t('search.assessment.legend')}</legend>
          {options.map((option) => (
            <label
              key={option.selection}
              className={
                option.selection === selection
                  ? `${styles.option} ${styles.optionChosen}`
                  : styles.option
              }
            >
              <input
                type="radio"
                name={`${id}-selection`}
                value={option.selection}
                checked={option.selection === selection}
                onChange={() => {
                  setSelection(option.selection);
                  setAmountError(undefined);
                }}
              />
              <span className={styles.optionText}>
                <span className={styles.optionTitle}>
                  {t(`search.assessment.${option.selection}`)}
                </span>
                <span className={styles.optionMeta}>
                  {t('search.assessment.paidUntil', {
                    quarter: writtenQuarter(option.paidUntil, currentLanguage()),
                  })}
                </span>
                {option.selection !== 'partial' && option.discountSen > 0 ? (
                  <span className={styles.optionMeta}>
                    {t('search.assessment.discount', { amount: ringgitInText(option.discountSen) })}
                  </span>
                ) : null}
              </span>
              <span className={styles.optionAmount}>
                {option.minimumSen === option.maximumSen
                  ? formatRinggit(option.maximumSen)
                  : t('search.assessment.range', {
                      min: ringgitInText(option.minimumSen),
                      max: ringgitInText(option.maximumSen),
                    })}
              </span>
            </label>
          ))}

          {selection === 'partial' && partial ? (
            <InputField
              className={styles.partialAmount}
              label={t('search.assessment.amount')}
              hint={t('search.assessment.amountHint', {
                min: ringgitInText(partial.minimumSen),
                max: ringgitInText(partial.maximumSen),
              })}
              error={amountError}
              ref={amountRef}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              onChange={(event) => {
                setAmountText(event.target.value);
                setAmountError(undefined);
              }}
            />
          ) : null}
          {selection === 'partial' ? (
            <p className={styles.preview} aria-live="polite">
              {partialPreview?.choice
                ? t('search.assessment.partialPreview', {
                    discount: ringgitInText(partialPreview.discountSen ?? 0),
                    credit: ringgitInText(
                      partialPreview.choice.amount + (partialPreview.discountSen ?? 0),
                    ),
                  })
                : ''}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {owesNothing ? (
        <Notice>
          <p>{t('search.nothingToPay')}</p>
        </Notice>
      ) : null}

      <CartActions bill={bill} onAdd={onAdd} adding={adding} canAdd={!owesNothing} />
      <ShareBillLink bill={bill} />
      <SaveAccountForm bill={bill} />
    </article>
  );
}
