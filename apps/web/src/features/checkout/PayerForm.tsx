import type { SessionUser } from '@portal/domain/accounts';
import type { ApiErrorItem, ErrorCode, ValidationMessageKey } from '@portal/domain/errors';
import { cardBrands, checkoutPayerSchema, fieldErrors, type CardBrand } from '@portal/domain/forms';
import { formatRinggit, type Sen } from '@portal/domain/money';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { fieldGridClassName, InputField, wideFieldClassName } from '../../components/ui/Field';
import { LockIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { ApiError, errorCodeOf } from '../../lib/api-client';
import type { StoredCartItem } from '../../lib/cart/cart-item';
import { paths } from '../../lib/paths';
import { saveReceiptToken } from '../../lib/receipt-tokens';
import { useSession } from '../../lib/session';
import { checkoutItemOf, useCreateCheckout } from './create-checkout';
import { postToGateway } from './post-to-gateway';
import styles from './CheckoutPage.module.css';

const textFields = ['full_name', 'email', 'phone', 'consent_name', 'consent_ic_no'] as const;
type TextField = (typeof textFields)[number];
type FieldName = TextField | 'card_brand';
const fieldOrder: readonly FieldName[] = [...textFields, 'card_brand'];

type Values = Record<TextField, string>;
const empty: Values = { full_name: '', email: '', phone: '', consent_name: '', consent_ic_no: '' };

/** The payer's details filled from the profile when logged in (issue 5); still editable. */
function prefilled(user: SessionUser | null): Values {
  return user
    ? { ...empty, full_name: user.full_name, email: user.email, phone: user.phone }
    : empty;
}

/** A refusal of the whole checkout, and the cart items it names (possibly none). */
export interface CheckoutProblem {
  code: ErrorCode;
  items: readonly ApiErrorItem[];
}

interface InputSpec {
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'email' | 'tel' | 'numeric';
}

// WCAG 1.3.5: the payer's own details say what they are, so browsers can fill them in.
const inputs: Record<TextField, InputSpec> = {
  full_name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  consent_name: { type: 'text', autoComplete: 'name' },
  consent_ic_no: { type: 'text', autoComplete: 'off', inputMode: 'numeric' },
};

export interface PayerFormProps {
  items: readonly StoredCartItem[];
  total: Sen;
  problem: CheckoutProblem | undefined;
  onProblem: (problem: CheckoutProblem | undefined) => void;
}

/**
 * Who pays and with which card brand (spec section 3's payment document and consent), checked with
 * the domain's schema before anything is sent. On success the browser leaves for the gateway's card
 * page; until it has gone, or after a failure, a second tap sends nothing.
 */
export function PayerForm({ items, total, problem, onProblem }: PayerFormProps) {
  const { t } = useTranslation();
  const checkout = useCreateCheckout();
  const { user } = useSession();
  const [values, setValues] = useState<Values>(() => prefilled(user));
  // The session may answer after the form is shown: fill it then, unless the payer has begun typing.
  const [filledFor, setFilledFor] = useState(user?.email);
  if (user && filledFor !== user.email) {
    setFilledFor(user.email);
    if (Object.values(values).every((value) => value === '')) setValues(prefilled(user));
  }
  const [cardBrand, setCardBrand] = useState<CardBrand>(48);
  const [errors, setErrors] = useState<Partial<Record<FieldName, ValidationMessageKey>>>({});
  /** 'leaving' once the gateway's form is posted: the page is about to go. */
  const [phase, setPhase] = useState<'idle' | 'sending' | 'leaving'>('idle');
  const busy = useRef(false);
  const refs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const problemRef = useRef<HTMLDivElement>(null);

  // Back from the gateway, the browser may show this page from its cache as it was left: ready to
  // leave. Make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setPhase('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  /** Shows the payer fields' errors and focuses the first; false when none of them is named. */
  const showErrors = (found: Partial<Record<string, ValidationMessageKey>>): boolean => {
    const shown = Object.fromEntries(
      fieldOrder.filter((name) => found[name]).map((name) => [name, found[name]]),
    ) as Partial<Record<FieldName, ValidationMessageKey>>;
    setErrors(shown);
    const first = fieldOrder.find((name) => shown[name]);
    if (first) refs.current[first]?.focus();
    return first !== undefined;
  };

  const fail = (error: unknown) => {
    busy.current = false;
    setPhase('idle');
    if (
      error instanceof ApiError &&
      error.code === 'validation_failed' &&
      error.fields &&
      showErrors(error.fields)
    ) {
      return;
    }
    onProblem({
      code: errorCodeOf(error),
      items: error instanceof ApiError ? (error.items ?? []) : [],
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const checked = checkoutPayerSchema.safeParse({ ...values, card_brand: cardBrand });
    if (!checked.success) {
      showErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    onProblem(undefined);
    busy.current = true;
    setPhase('sending');
    checkout.mutate(
      { items: items.map(checkoutItemOf), payer: checked.data, lang: currentLanguage() },
      {
        onSuccess: (answer) => {
          // Kept before leaving: the gateway sends the payer back to /confirmation?reference=…,
          // where the token opens the payment without asking for the e-mail.
          saveReceiptToken(answer.reference, answer.receipt_token);
          try {
            postToGateway(answer.gateway);
            setPhase('leaving');
          } catch (error) {
            fail(error);
          }
        },
        onError: fail,
      },
    );
  };

  const field = (name: TextField, label: string, hint?: string) => {
    const spec = inputs[name];
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
        type={spec.type}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
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

  const cardError = errors.card_brand ? t(`validation.${errors.card_brand}`) : undefined;
  const sending = phase !== 'idle';

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="payer-title">
      <h2 id="payer-title" className={styles.cardTitle}>
        {t('checkout.payerHeading')}
      </h2>
      <div className={fieldGridClassName}>
        <div className={wideFieldClassName}>{field('full_name', t('checkout.full_name'))}</div>
        {field('email', t('checkout.email'), t('checkout.email_hint'))}
        {field('phone', t('checkout.phone'), t('checkout.phone_hint'))}
      </div>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('checkout.consent.legend')}</legend>
        <p className={styles.consentText}>{t('checkout.consent.text')}</p>
        <div className={fieldGridClassName}>
          {field('consent_name', t('checkout.consent.consent_name'))}
          {field(
            'consent_ic_no',
            t('checkout.consent.consent_ic_no'),
            t('checkout.consent.ic_hint'),
          )}
        </div>
      </fieldset>

      <fieldset
        className={styles.fieldset}
        aria-describedby={cardError ? 'card-brand-error' : undefined}
      >
        <legend className={styles.legend}>{t('checkout.cardLegend')}</legend>
        <div className={styles.brands}>
          {cardBrands.map((brand, index) => (
            <label key={brand} className={styles.brand}>
              <input
                ref={
                  index === 0
                    ? (element) => {
                        refs.current.card_brand = element;
                      }
                    : undefined
                }
                type="radio"
                name="card_brand"
                value={brand}
                checked={cardBrand === brand}
                onChange={() => {
                  setCardBrand(brand);
                  setErrors((current) => ({ ...current, card_brand: undefined }));
                }}
              />
              <span>{t(`cardBrands.${brand}`)}</span>
            </label>
          ))}
        </div>
        {cardError ? (
          <p id="card-brand-error" className={styles.fieldError}>
            {cardError}
          </p>
        ) : null}
      </fieldset>

      <p className={styles.secureNote}>
        <LockIcon size={18} />
        {t('checkout.secureNote')}
      </p>

      {problem ? (
        <div ref={problemRef} tabIndex={-1}>
          <Notice tone="error" live>
            <p>{t(`errors.${problem.code}`)}</p>
            {problem.items.length > 0 ? (
              <p>
                {t('checkout.itemsMarked')} <Link to={paths.cart}>{t('checkout.backToCart')}</Link>
              </p>
            ) : null}
          </Notice>
        </div>
      ) : null}

      <div className={styles.payRow}>
        <Button type="submit" block disabled={sending} aria-busy={sending || undefined}>
          <LockIcon />
          {sending ? t('checkout.paying') : t('checkout.pay', { amount: formatRinggit(total) })}
        </Button>
        {/* Always in the page, so that screen readers hear it when it fills. */}
        <p className={styles.leaving} role="status">
          {phase === 'leaving' ? t('checkout.redirecting') : ''}
        </p>
      </div>
    </form>
  );
}
