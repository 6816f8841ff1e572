import type { OfferedMethods } from '@portal/domain/contracts/checkout';
import { formatRinggit, type Sen } from '@portal/domain/money';
import { awaitsApprover, cardPaymentId, writtenLimits } from '@portal/domain/payment-methods';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { fieldErrorText } from '../../components/form/field-error-text';
import { SelectField } from '../../components/form/SelectField';
import type { FieldsOf } from '../../components/form/use-domain-form';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { chosenLimits, fitsTotal, methodLimits } from './offered-methods';
import styles from './CheckoutPage.module.css';

type Method = OfferedMethods['methods'][number];

/** The fields of the checkout's form this part fills in, and what it needs to keep them right. */
export interface ChoiceForm extends FieldsOf<'method' | 'payment_id'> {
  watch(name: 'method' | 'payment_id'): string;
  setValue(name: 'payment_id', value: string): void;
}

/** What a way to pay takes in one payment; a card has no least worth naming. */
function limitsText(t: TFunction, limits: { minSen: number; maxSen: number }): string {
  return limits.minSen <= 1
    ? t('checkout.method.upTo', { max: formatRinggit(limits.maxSen) })
    : t('checkout.method.limits', { limits: writtenLimits(limits) });
}

/** `Online banking (FPX) or Credit or debit card`, in the reader's language. */
function orList(names: string[]): string {
  return new Intl.ListFormat(currentLanguage(), { type: 'disjunction' }).format(names);
}

/**
 * What the chosen way to pay leaves out: the sentence naming its limits and the total, with the
 * ways that do take it; undefined when it fits. The checkout sends nothing while it says so.
 */
export function useLimitProblem(
  methods: readonly Method[],
  method: string,
  paymentId: string,
  total: Sen,
): string | undefined {
  const { t } = useTranslation();
  const chosen = methods.find((offer) => offer.method === method);
  if (!chosen || fitsTotal(chosen.channels, paymentId, total)) return undefined;
  const chosenName = t(`paymentMethods.${chosen.method}`);
  const channel = chosen.channels.find((each) => each.payment_id === paymentId);
  const limits = chosenLimits(chosen.channels, paymentId);
  const others = methods
    .filter((offer) => offer !== chosen && fitsTotal(offer.channels, '', total))
    .map((offer) => t(`paymentMethods.${offer.method}`));
  const values = {
    method: channel && chosen.method !== 'card' ? channel.name : chosenName,
    limits: writtenLimits(limits),
    total: formatRinggit(total),
  };
  return others.length > 0
    ? t('checkout.method.outside', { ...values, others: orList(others) })
    : t('checkout.method.outsideNone', values);
}

/**
 * How to pay (docs/payment-methods.md): online banking first, then a business account, an e-wallet
 * or a card, each with what it takes in one payment; then the bank, chosen from a list where a bank
 * marked offline is shown but cannot be chosen, or the e-wallet. A card needs no choice here: the
 * gateway's page asks for it.
 */
export function PaymentChoice({
  form,
  methods,
  limitProblem,
}: {
  form: ChoiceForm;
  methods: readonly Method[];
  /** The sentence a total outside the chosen way's limits gets (`useLimitProblem`). */
  limitProblem: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const method = form.watch('method');
  const paymentId = form.watch('payment_id');
  const chosen = methods.find((offer) => offer.method === method);
  const { errorKey: methodError, ...methodBinding } = form.field(
    'method',
    t('checkout.method.legend'),
  );

  // A way to pay has its own banks: a choice of another way's bank, or of a bank now down, goes.
  // A card, or a way with one bank that is up, needs no choice at all.
  const { setValue } = form;
  useEffect(() => {
    if (!chosen) return;
    const usable = chosen.channels.filter((channel) => channel.online);
    if (usable.some((channel) => channel.payment_id === paymentId)) return;
    const only =
      chosen.method === 'card' ? cardPaymentId : usable.length === 1 ? usable[0]!.payment_id : '';
    if (only !== paymentId) setValue('payment_id', only);
  }, [chosen, paymentId, setValue]);

  const channelLabel = t(method === 'ewallet' ? 'checkout.method.wallet' : 'checkout.method.bank');
  const { errorKey: channelError, ...channelBinding } = form.field('payment_id', channelLabel);
  const anyOffline = chosen?.channels.some((channel) => !channel.online) ?? false;
  const chosenBank = chosen?.channels.find((channel) => channel.payment_id === paymentId);

  return (
    <fieldset
      className={styles.fieldset}
      aria-invalid={methodError ? true : undefined}
      aria-describedby={methodError ? `${id}-method-error` : undefined}
    >
      <legend className={styles.legend}>{t('checkout.method.legend')}</legend>
      {methodError ? (
        <p id={`${id}-method-error`} className={styles.choiceError}>
          {fieldErrorText(t, methodError, t('checkout.method.legend'))}
        </p>
      ) : null}
      <div className={styles.methods}>
        {methods.map((offer) => (
          <label key={offer.method} className={styles.method}>
            <input type="radio" {...methodBinding} value={offer.method} />
            <span className={styles.methodText}>
              <span className={styles.methodName}>{t(`paymentMethods.${offer.method}`)}</span>
              <span className={styles.muted}>
                {t(`checkout.method.hint.${offer.method}`)}{' '}
                {limitsText(t, methodLimits(offer.channels))}
              </span>
            </span>
          </label>
        ))}
      </div>

      {chosen && (chosen.method === 'online_banking' || chosen.method === 'corporate_banking') ? (
        <SelectField
          form={form}
          name="payment_id"
          label={channelLabel}
          hint={anyOffline ? t('checkout.method.offlineNote') : undefined}
        >
          <option value="">{t('checkout.method.chooseBank')}</option>
          {chosen.channels.map((channel) => (
            <option key={channel.payment_id} value={channel.payment_id} disabled={!channel.online}>
              {channel.online ? channel.name : t('checkout.method.offline', { name: channel.name })}
            </option>
          ))}
        </SelectField>
      ) : null}

      {chosen?.method === 'ewallet' ? (
        <fieldset
          className={styles.wallets}
          aria-invalid={channelError ? true : undefined}
          aria-describedby={channelError ? `${id}-wallet-error` : undefined}
        >
          <legend className={styles.walletLegend}>{channelLabel}</legend>
          {channelError ? (
            <p id={`${id}-wallet-error`} className={styles.choiceError}>
              {fieldErrorText(t, channelError, channelLabel)}
            </p>
          ) : null}
          {chosen.channels.map((channel) => (
            <label key={channel.payment_id} className={styles.wallet}>
              <input
                type="radio"
                {...channelBinding}
                value={channel.payment_id}
                disabled={!channel.online}
              />
              {channel.online ? channel.name : t('checkout.method.offline', { name: channel.name })}
            </label>
          ))}
        </fieldset>
      ) : null}

      {chosen && awaitsApprover(chosen.method) && chosenBank ? (
        <p className={styles.muted}>
          {t('checkout.method.corporateNote', { bank: chosenBank.name })}
        </p>
      ) : null}

      {limitProblem ? (
        <div id={`${id}-limit`}>
          <Notice tone="error" live>
            <p>{limitProblem}</p>
          </Notice>
        </div>
      ) : null}
    </fieldset>
  );
}
