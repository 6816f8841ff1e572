/**
 * The sandbox's server-rendered pages. Each is self-contained (inline CSS, no outside requests) so
 * the sandbox works offline and its pages look the same wherever the portal is tested.
 */
import type { GatewayResponse } from '@portal/gateway-protocol/ipay88';
import { expiryYears, issuingBanks, type CardFormErrors, type CardFormValues } from './card-form';
import { html, SafeHtml } from '@portal/domain/html';
import type { Language } from '@portal/domain/languages';
import type { Translate } from './messages';
import { sandboxPaths } from './sandbox-paths';
import { groupCardDigits, testCards, unknownCardOutcome } from './test-cards';
import type { Transaction } from './transactions';

export interface PageContext {
  language: Language;
  t: Translate;
}

const styles = `
:root{--ink:#16213a;--muted:#556079;--line:#d8dde7;--field:#8c95a6;--brand:#0b5cab;--brand-dark:#084784;--page:#f2f4f8;--error:#b42318}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans SC","PingFang SC","Microsoft YaHei",sans-serif;color:var(--ink);background:var(--page)}
.bar{display:flex;align-items:center;gap:10px;padding:14px 20px;background:#10233f;color:#fff;font-weight:600}
.bar svg{flex:none}
.notice{margin:0;padding:8px 20px;background:#fff4d4;border-bottom:1px solid #ecd38a;color:#5c4300;font-size:14px;text-align:center}
main{display:grid;gap:16px;max-width:1040px;margin:0 auto;padding:16px;grid-template-areas:"summary" "card" "cards"}
@media (min-width:800px){main{grid-template-columns:minmax(0,5fr) minmax(0,7fr);grid-template-rows:auto 1fr;grid-template-areas:"summary card" "cards card";align-items:start;gap:24px;padding:32px 24px}}
main.single{max-width:640px;grid-template-columns:minmax(0,1fr);grid-template-areas:none}
.panel{background:#fff;border:1px solid var(--line);border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(16,35,63,.08)}
.summary{grid-area:summary}.card{grid-area:card}.cards{grid-area:cards}
main.single .panel{grid-area:auto}
h1,h2{margin:0 0 14px;line-height:1.25}h1{font-size:1.3rem}h2{font-size:1.1rem}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:8px 16px;margin:0}
dt{color:var(--muted)}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.total{display:flex;justify-content:space-between;align-items:baseline;gap:12px;margin:16px 0 0;padding-top:14px;border-top:1px solid var(--line)}
.total strong{font-size:1.5rem;white-space:nowrap}
.field,fieldset{margin:0 0 16px}
fieldset{border:0;padding:0;min-width:0}
label,legend{display:block;font-weight:600;margin-bottom:4px;padding:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.row label{font-weight:400;color:var(--muted);font-size:14px}
input,select{width:100%;min-height:46px;padding:10px 12px;font:inherit;color:inherit;background:#fff;border:1px solid var(--field);border-radius:8px}
input:focus,select:focus,button:focus-visible,a:focus-visible{outline:3px solid #f5b700;outline-offset:1px}
[aria-invalid=true]{border:2px solid var(--error)}
.hint{margin:0 0 4px;color:var(--muted);font-size:14px}
.field-error{margin:0 0 4px;color:var(--error);font-weight:600;font-size:14px}
.error-summary{margin:0 0 18px;padding:12px 16px;border:2px solid var(--error);border-radius:8px}
.error-summary h2{font-size:1rem;margin-bottom:6px}.error-summary ul{margin:0;padding-left:20px}.error-summary a{color:var(--error)}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:8px}
button{min-height:48px;padding:12px 20px;font:inherit;font-weight:600;border-radius:8px;border:1px solid transparent;cursor:pointer}
.primary{flex:2 1 220px;background:var(--brand);color:#fff}.primary:hover{background:var(--brand-dark)}
.secondary{flex:1 1 120px;background:#fff;color:var(--ink);border-color:var(--field)}.secondary:hover{background:var(--page)}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{padding:8px 6px;text-align:left;vertical-align:top;border-top:1px solid var(--line)}
th{color:var(--muted);font-weight:600;border-top:0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.card-number{white-space:nowrap}
.gateway-error{margin:12px 0 0;padding:12px 16px;border-left:4px solid var(--error);background:#fdf0ef;font-weight:600}
`;

const lockIcon = html`<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
  <path
    fill="currentColor"
    d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
  />
</svg>`;

function layout(
  { language, t }: PageContext,
  title: string,
  body: SafeHtml,
  mainClass = '',
): string {
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${t('gatewayName')}</title>
        <style>
          ${new SafeHtml(styles)}
        </style>
      </head>
      <body>
        <header class="bar">${lockIcon}<span>${t('gatewayName')}</span></header>
        <p class="notice">${t('sandboxNotice')}</p>
        <main class="${mainClass}">${body}</main>
      </body>
    </html> `.text;
}

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
  const { request } = transaction;
  const values: Partial<CardFormValues> = input.values ?? {};
  const amount = `${request.Currency} ${request.Amount}`;

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

  const body = html`<section class="panel summary" aria-labelledby="summary-title">
      <h1 id="summary-title">${t('orderSummary')}</h1>
      <dl>
        <dt>${t('merchant')}</dt>
        <dd>${input.merchantCode}</dd>
        <dt>${t('reference')}</dt>
        <dd>${request.RefNo}</dd>
        <dt>${t('description')}</dt>
        <dd>${request.ProdDesc}</dd>
      </dl>
      <p class="total"><span>${t('amount')}</span><strong>${amount}</strong></p>
    </section>
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

export function homePage(context: PageContext): string {
  const { t } = context;
  const body = html`<section class="panel">
      <h1>${t('gatewayName')}</h1>
      <p>${t('homeIntro')}</p>
    </section>
    ${testCardsPanel(context)}`;
  return layout(context, t('testCards'), body, 'single');
}
