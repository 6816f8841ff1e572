import type { SessionUser } from '@portal/domain/contracts/session';
import type { ErrorCode } from '@portal/domain/errors';
import type { ApiErrorItem } from '@portal/domain/contracts/api-error';
import { checkoutFormSchema, checkoutPayerSchema, type CheckoutForm } from '@portal/domain/forms';
import { formatRinggit, type Sen } from '@portal/domain/money';
import { writtenDateTime, writtenPhone } from '@portal/domain/display-filters';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/Button';
import { AgreementNotice } from '../../components/form/AgreementNotice';
import { IdentityFields } from '../../components/form/IdentityFields';
import { PersonalDataHint } from '../../components/form/PersonalDataHint';
import { ErrorSummary } from '../../components/form/ErrorSummary';
import { TextField as FormTextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { fieldGridClassName, wideFieldClassName } from '../../components/ui/Field';
import { LockIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { ApiError, errorCodeOf } from '../../lib/api-client';
import type { StoredCartItem } from '../cart';
import { confirmationPath, paths } from '@portal/domain/web-paths';
import { useSession } from '../../shared/session';
import { checkoutItemOf, useCreateCheckout } from './create-checkout';
import { useOfferedMethods } from './offered-methods';
import { PaymentChoice, useLimitProblem } from './PaymentChoice';
import { openPaymentQueryKey } from './open-payment';
import { postToGateway, useCardPageLanguageNote } from '../payments';
import styles from './CheckoutPage.module.css';

const textFields = [
  'full_name',
  'email',
  'phone',
  'id_type',
  'id_no',
  'method',
  'payment_id',
] as const;
type TextField = (typeof textFields)[number];

type Values = Record<TextField, string>;
/** Online banking first: most Malaysians pay their council so (docs/payment-methods.md). */
const empty: Values = {
  full_name: '',
  email: '',
  phone: '',
  id_type: 'new_id',
  id_no: '',
  method: 'online_banking',
  payment_id: '',
};
/** What the payer types about themselves; the rest is chosen for them until they change it. */
const payerFields = ['full_name', 'email', 'phone', 'id_no'] as const;

/** Whether the payer has typed anything about themselves. */
const typedAnything = (values: Partial<Values>) =>
  payerFields.some((name) => (values[name] ?? '') !== '');

/**
 * What this tab's payer typed last, so that a declined card, a cancel or a trip to the login dialog
 * costs nothing to type again. This tab's session only; the card never reaches the portal at all.
 */
const typedKey = 'checkout.payer';

function typedBefore(): Values | undefined {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(typedKey) ?? 'null') as unknown;
    if (typeof kept !== 'object' || kept === null) return undefined;
    const text = (name: TextField) => {
      const value = (kept as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : '';
    };
    const typed = Object.fromEntries(textFields.map((name) => [name, text(name)])) as Values;
    return typedAnything(typed)
      ? {
          ...typed,
          id_type: typed.id_type || empty.id_type,
          method: typed.method || empty.method,
        }
      : undefined;
  } catch {
    return undefined;
  }
}

function keepTyped(values: Values): void {
  try {
    window.sessionStorage.setItem(typedKey, JSON.stringify(values));
  } catch {
    // Storage full or blocked: the form still works, it only forgets sooner.
  }
}

/** The payer's details filled from the profile when logged in, identity included; still editable. */
function prefilled(user: SessionUser | null): Values {
  return user
    ? {
        ...empty,
        full_name: user.full_name,
        email: user.email,
        phone: writtenPhone(user.phone),
        id_type: user.id_type,
        id_no: user.id_no,
      }
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
const inputs: Record<'full_name' | 'email' | 'phone', InputSpec> = {
  full_name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
};

export interface PayerFormProps {
  items: readonly StoredCartItem[];
  total: Sen;
  problem: CheckoutProblem | undefined;
  onProblem: (problem: CheckoutProblem | undefined) => void;
}

/**
 * Who pays, checked with the domain's schema
 * before anything is sent. On success the browser leaves for the gateway's card page; until it has
 * gone, or after a failure, a second tap sends nothing. What was typed is kept for this tab.
 */
export function PayerForm({ items, total, problem, onProblem }: PayerFormProps) {
  const { t } = useTranslation();
  const cardPageNote = useCardPageLanguageNote();
  const checkout = useCreateCheckout();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const form = useDomainForm(checkoutFormSchema, typedBefore() ?? prefilled(user));
  const offered = useOfferedMethods(items.map((item) => item.council));
  const methods = useMemo(() => offered.data?.methods ?? [], [offered.data]);
  const method = form.watch('method');
  const limitProblem = useLimitProblem(methods, method, form.watch('payment_id'), total);
  const limitRef = useRef<HTMLDivElement>(null);

  // A way to pay a council of the cart has switched off is no longer offered: the first one is.
  const { setValue } = form;
  useEffect(() => {
    const first = methods[0];
    if (first && !methods.some((offer) => offer.method === method)) {
      setValue('method', first.method);
    }
  }, [methods, method, setValue]);
  /** 'leaving' once the gateway's form is posted: the page is about to go. */
  const [phase, setPhase] = useState<'idle' | 'sending' | 'leaving'>('idle');
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const typing = form.watch((values) => keepTyped({ ...empty, ...values } as Values));
    return () => typing.unsubscribe();
  }, [form]);

  // The session may answer after the form is shown: fill it then, unless the payer has begun typing.
  const { getValues, reset } = form;
  useEffect(() => {
    if (!user || typedAnything(getValues())) return;
    const { method, payment_id } = getValues();
    reset({ ...prefilled(user), method, payment_id });
  }, [user, getValues, reset]);

  // Back from the gateway, the browser may show this page from its cache as it was left: ready to
  // leave. Make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setPhase('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const fail = (error: unknown) => {
    setPhase('idle');
    if (form.showServerErrors(error)) return;
    const code = errorCodeOf(error);
    // The payment holding the bills may be this payer's own: the page then offers it back.
    if (code === 'payment_in_progress') {
      void queryClient.invalidateQueries({ queryKey: openPaymentQueryKey });
    }
    onProblem({ code, items: error instanceof ApiError ? (error.items ?? []) : [] });
  };

  const submit = form.handleSubmit({
    send: (checked: CheckoutForm) => {
      onProblem(undefined);
      setPhase('sending');
      return checkout.mutateAsync({
        items: items.map(checkoutItemOf),
        // The payer's own fields; the method only picked the list the PaymentId came from.
        payer: checkoutPayerSchema.parse(checked),
        payment_id: checked.payment_id,
        lang: currentLanguage(),
      });
    },
    onSuccess: ({ reference, handover }) => {
      // The gateway sends the payer back to /confirmation?reference=…, where the token kept at
      // checkout opens the payment without asking for the e-mail.
      if (!handover.gateway) {
        navigate(confirmationPath(reference));
        return;
      }
      try {
        postToGateway(handover.gateway);
        setPhase('leaving');
      } catch (error) {
        fail(error);
      }
    },
    onError: (error) => {
      fail(error);
      return true;
    },
  });
  // Until the page has gone to the gateway, a second tap sends nothing; nor does a total the chosen
  // way to pay does not take, nor a form without the ways to pay.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (phase === 'leaving' || !offered.data) event.preventDefault();
    else if (limitProblem) {
      event.preventDefault();
      limitRef.current?.focus();
    } else submit(event);
  };
  const secureNote =
    method === 'card'
      ? t('checkout.secureNote')
      : method === 'ewallet'
        ? t('checkout.secureNoteWallet')
        : t('checkout.secureNoteBank');

  const field = (name: keyof typeof inputs, label: string, hint?: ReactNode) => (
    <FormTextField form={form} name={name} label={label} hint={hint} {...inputs[name]} />
  );

  const sending = phase !== 'idle';
  const heldUntil =
    problem?.code === 'payment_in_progress'
      ? problem.items.find((item) => item.release_at)?.release_at
      : undefined;

  return (
    <form
      className={`${styles.panel} ${styles.form}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="payer-title"
    >
      <h2 id="payer-title" className={styles.cardTitle}>
        {t('checkout.payerHeading')}
      </h2>
      <div className={fieldGridClassName}>
        <div className={wideFieldClassName}>{field('full_name', t('checkout.full_name'))}</div>
        {field('email', t('checkout.email'), t('checkout.email_hint'))}
        {field(
          'phone',
          t('checkout.phone'),
          <PersonalDataHint hint={t('checkout.phone_hint')} why="paymentPhone" />,
        )}
        <IdentityFields form={form} type={form.watch('id_type')} why="paymentIc" />
      </div>

      {offered.data ? (
        <div ref={limitRef} tabIndex={-1} className={styles.choice}>
          <PaymentChoice form={form} methods={methods} limitProblem={limitProblem} />
        </div>
      ) : offered.isError ? (
        <Notice tone="error" live>
          <p>{t('checkout.method.failed')}</p>
          <Button variant="secondary" onClick={() => void offered.refetch()}>
            {t('checkout.method.retry')}
          </Button>
        </Notice>
      ) : (
        <p className={styles.muted} role="status">
          {t('checkout.method.loading')}
        </p>
      )}

      {/* The payer is the person who consents: their name and identity are asked once, above. */}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('checkout.consent.legend')}</legend>
        <p className={styles.consentText}>{t('checkout.consent.text')}</p>
        <AgreementNotice when="pay" className={styles.consentText} />
      </fieldset>

      <ErrorSummary form={form} />

      <p className={styles.secureNote}>
        <LockIcon size={18} />
        <span>
          <span>{secureNote}</span> <span>{cardPageNote}</span>
        </span>
      </p>

      {problem ? (
        <div ref={problemRef} tabIndex={-1}>
          <Notice tone="error" live>
            <p>{t(`errors.${problem.code}`)}</p>
            {heldUntil ? (
              <p>
                {t('checkout.heldUntil', {
                  time: writtenDateTime(heldUntil, currentLanguage()),
                })}
              </p>
            ) : null}
            {problem.items.length > 0 ? (
              <p>
                {t('checkout.itemsMarked')} <Link to={paths.cart}>{t('checkout.backToCart')}</Link>
              </p>
            ) : null}
          </Notice>
        </div>
      ) : null}

      <div className={styles.payRow}>
        {/* Until the ways to pay are known there is nothing to pay by: a tap would go nowhere. */}
        <Button
          type="submit"
          block
          disabled={sending || !offered.data}
          aria-busy={sending || undefined}
        >
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
