/**
 * The sandbox's server-rendered pages: the hosted card page, the gateway's refusals and hand-backs,
 * and its home page. The pages of the other payment methods are in method-pages.ts.
 */
import type { GatewayResponse } from '@portal/gateway-protocol/ipay88';
import { expiryYears, issuingBanks, type CardFormErrors, type CardFormValues } from './card-form';
import { html, type SafeHtml } from '@portal/domain/html';
import { layout, shownAmount, summaryPanel, type PageContext } from './page-layout';
import { testChannelsPanel } from './method-pages';
import { sandboxPaths } from './sandbox-paths';
import { groupCardDigits, testCards, unknownCardOutcome } from './test-cards';
import type { Transaction } from './transactions';

export type { PageContext } from './page-layout';

function testCardTable({ t }: PageContext): SafeHtml {
  const rows = [
    ...testCards.map((card) => ({
      card: html`<code class="card-number">${groupCardDigits(card.number)}</code>`,
      outcome: card,
    })),
    { card: html`${t('testCardOther')}`, outcome: unknownCardOutcome },
  ];
  return html`<table>
    <thead>
      <tr>
        <th scope="col">${t('cardNumber')}</th>
        <th scope="col">${t('result')}</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        ({ card, outcome }) =>
          html`<tr>
            <td>${card}</td>
            <td>
              ${t(outcome.result)}${outcome.errDesc && html` (<code>${outcome.errDesc}</code>)`}
            </td>
          </tr> `,
      )}
    </tbody>
  </table>`;
}

function testCardsPanel(context: PageContext): SafeHtml {
  const { t } = context;
  return html`<section class="panel cards" aria-labelledby="test-cards-title">
    <h2 id="test-cards-title">${t('testCards')}</h2>
    <p class="hint">${t('testCardsHint')}</p>
    ${testCardTable(context)}
  </section>`;
}

export interface CardPageInput {
  merchantCode: string;
  transaction: Transaction;
  values?: CardFormValues;
  errors?: CardFormErrors;
  now: Date;
}

type ErrorField = keyof CardFormErrors;

/** The hosted card page; shown again with `errors` when the card details do not pass. */
export function cardPage(context: PageContext, input: CardPageInput): string {
  const { t } = context;
  const { transaction, errors = {}, now } = input;
  const values: Partial<CardFormValues> = input.values ?? {};
  const amount = shownAmount(transaction);

  const errorFields = Object.keys(errors) as ErrorField[];
  // The element each error points at: the expiry error belongs to its first select.
  const errorTarget: Record<ErrorField, string> = {
    cardNumber: 'cardNumber',
    cardName: 'cardName',
    expiry: 'expiryMonth',
    bank: 'bank',
    cvv: 'cvv',
  };
  const fieldError = (field: ErrorField) => {
    const key = errors[field];
    return key && html`<p class="field-error" id="${field}-error">${t(key)}</p>`;
  };
  const describedBy = (field: ErrorField, hint?: string) => {
    const ids = [hint, errors[field] && `${field}-error`].filter(Boolean).join(' ');
    return html`${ids && html` aria-describedby="${ids}"`}${errors[field] && html` aria-invalid="true"`}`;
  };
  const option = (value: string, label: string | number, selected: string | undefined) =>
    html`<option value="${value}" ${value === selected && html` selected`}>${label}</option>`;

  const body = html`${summaryPanel(context, input.merchantCode, transaction)}
    <section class="panel card" aria-labelledby="card-title">
      <h2 id="card-title">${t('cardDetails')}</h2>
      ${
        errorFields.length > 0 &&
        html`<div class="error-summary" role="alert">
          <h2>${t('errorSummary')}</h2>
          <ul>
            ${errorFields.map((field) => html`<li><a href="#${errorTarget[field]}">${t(errors[field]!)}</a></li>`)}
          </ul>
        </div>`
      }
      <form method="post" action="${sandboxPaths.pay}" novalidate>
        <input type="hidden" name="transaction" value="${transaction.id}" />
        <div class="field">
          <label for="cardNumber">${t('cardNumber')}</label>
          ${fieldError('cardNumber')}
          <input
            id="cardNumber"
            name="cardNumber"
            value="${values.cardNumber ?? ''}"
            inputmode="numeric"
            autocomplete="cc-number"
            maxlength="23"
            required${describedBy('cardNumber')}
          />
        </div>
        <div class="field">
          <label for="cardName">${t('cardName')}</label>
          ${fieldError('cardName')}
          <input
            id="cardName"
            name="cardName"
            value="${values.cardName ?? ''}"
            autocomplete="cc-name"
            maxlength="100"
            required${describedBy('cardName')}
          />
        </div>
        <fieldset>
          <legend>${t('expiry')}</legend>
          ${fieldError('expiry')}
          <div class="row">
            <div>
              <label for="expiryMonth">${t('month')}</label>
              <select
                id="expiryMonth"
                name="expiryMonth"
                autocomplete="cc-exp-month"
                required${describedBy('expiry')}
              >
                ${option('', t('month'), values.expiryMonth)}
                ${Array.from({ length: 12 }, (_, index) => {
                  const month = String(index + 1).padStart(2, '0');
                  return option(String(index + 1), month, values.expiryMonth);
                })}
              </select>
            </div>
            <div>
              <label for="expiryYear">${t('year')}</label>
              <select
                id="expiryYear"
                name="expiryYear"
                autocomplete="cc-exp-year"
                required${describedBy('expiry')}
              >
                ${option('', t('year'), values.expiryYear)}
                ${expiryYears(now).map((year) => option(String(year), year, values.expiryYear))}
              </select>
            </div>
          </div>
        </fieldset>
        <div class="field">
          <label for="bank">${t('bank')}</label>
          ${fieldError('bank')}
          <select id="bank" name="bank" required${describedBy('bank')}>
            ${option('', t('choose'), values.bank)}
            ${issuingBanks.map((bank) => option(bank, bank, values.bank))}
          </select>
        </div>
        <div class="field">
          <label for="cvv">${t('cvv')}</label>
          <p class="hint" id="cvv-hint">${t('cvvHint')}</p>
          ${fieldError('cvv')}
          <input
            id="cvv"
            name="cvv"
            type="password"
            inputmode="numeric"
            autocomplete="cc-csc"
            maxlength="4"
            required${describedBy('cvv', 'cvv-hint')}
          />
        </div>
        <div class="actions">
          <button class="primary" type="submit" name="action" value="pay">
            ${t('pay')} ${amount}
          </button>
          <button class="secondary" type="submit" name="action" value="cancel">
            ${t('cancel')}
          </button>
        </div>
      </form>
    </section>
    ${testCardsPanel(context)}`;

  return layout(context, t('cardDetails'), body);
}

/** The gateway refusing a merchant's request: its error text, and no card form. */
export function refusedPage(context: PageContext, gatewayError: string): string {
  const { t } = context;
  const body = html`<section class="panel">
    <h1>${t('refusedTitle')}</h1>
    <p>${t('refusedIntro')}</p>
    <p class="gateway-error">${gatewayError}</p>
  </section>`;
  return layout(context, t('refusedTitle'), body, 'single');
}

export function sessionClosedPage(context: PageContext): string {
  const { t } = context;
  const body = html`<section class="panel">
    <h1>${t('sessionClosed')}</h1>
  </section>`;
  return layout(context, t('sessionClosed'), body, 'single');
}

/**
 * Hands the gateway response to the merchant's ResponseURL through the browser, as the gateway
 * does: a form that submits itself, with a button for browsers that run no script.
 */
export function returnPage(
  context: PageContext,
  responseUrl: string,
  response: GatewayResponse,
): string {
  const { t } = context;
  const body = html`<section class="panel">
      <form id="return-to-merchant" method="post" action="${responseUrl}">
        ${Object.entries(response).map(
          ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" /> `,
        )}
        <h1>${t('returning')}</h1>
        <div class="actions">
          <button class="primary" type="submit">${t('returnToMerchant')}</button>
        </div>
      </form>
    </section>
    <script>
      document.getElementById('return-to-merchant').submit();
    </script>`;
  return layout(context, t('returnToMerchant'), body, 'single');
}

/** `bankTimeoutMs`: how long the bank that never answers takes to time out, as its row says. */
export function homePage(context: PageContext, bankTimeoutMs: number): string {
  const { t } = context;
  const body = html`<section class="panel">
      <h1>${t('gatewayName')}</h1>
      <p>${t('homeIntro')}</p>
      <p><a href="${sandboxPaths.approvals}">${t('approvalsTitle')}</a></p>
    </section>
    ${testCardsPanel(context)} ${testChannelsPanel(context, bankTimeoutMs)}`;
  return layout(context, t('testCards'), body, 'single wide');
}
