/**
 * The pages of the banks and wallets the sandbox plays: a bank's login and confirmation, the
 * corporate bank's submission for approval, a bank that does not answer or is down, a wallet's
 * PIN page, and the sandbox's own approvals page that stands in for a company's approver.
 */
import { writtenDateTime } from '@portal/domain/display-filters';
import { html, type SafeHtml } from '@portal/domain/html';
import type { BankLoginErrors, BankLoginValues, WalletErrors, WalletValues } from './method-forms';
import {
  errorSummary,
  layout,
  shownAmount,
  summaryPanel,
  textField,
  type PageContext,
} from './page-layout';
import { sandboxPaths } from './sandbox-paths';
import { playOf, testChannelRows } from './test-channels';
import type { Transaction } from './transactions';

export interface MethodPageInput {
  merchantCode: string;
  transaction: Transaction;
}

/** The payer's side of a bank or wallet: the payment's summary beside the provider's panel. */
function methodPage(
  context: PageContext,
  input: MethodPageInput,
  title: string,
  panel: SafeHtml,
  head?: SafeHtml,
): string {
  const body = html`${summaryPanel(context, input.merchantCode, input.transaction)}
    <section class="panel card" aria-labelledby="method-title">
      <p class="provider">${input.transaction.channel.name}</p>
      ${panel}
    </section>`;
  return layout(context, title, body, '', head);
}

const hiddenTransaction = (transaction: Transaction) =>
  html`<input type="hidden" name="transaction" value="${transaction.id}" />`;

export interface BankLoginInput extends MethodPageInput {
  values?: BankLoginValues;
  errors?: BankLoginErrors;
}

/** A bank's login: user ID and password, and a corporate bank's company ID before them. */
export function bankLoginPage(context: PageContext, input: BankLoginInput): string {
  const { t } = context;
  const { transaction, errors = {} } = input;
  const values: Partial<BankLoginValues> = input.values ?? {};
  const corporate = playOf(transaction.channel) === 'corporate';
  const bank = transaction.channel.name;
  const error = (field: keyof BankLoginErrors) => {
    const key = errors[field];
    return key && t(key);
  };
  const problems = (['companyId', 'userId', 'password'] as const)
    .filter((field) => errors[field])
    .map((field) => ({ fieldId: field, message: t(errors[field]!) }));
  const title = t('logInTo', { bank });

  const panel = html`<h2 id="method-title">${title}</h2>
    <p class="lead">${t(corporate ? 'corporateLoginHint' : 'loginHint')}</p>
    ${errorSummary(context, problems)}
    <form method="post" action="${sandboxPaths.bankLogin}" novalidate>
      ${hiddenTransaction(transaction)}
      ${
        corporate &&
        textField({
          name: 'companyId',
          label: t('companyId'),
          value: values.companyId,
          error: error('companyId'),
          autocomplete: 'organization',
          maxlength: 100,
        })
      }
      ${textField({
        name: 'userId',
        label: t('userId'),
        value: values.userId,
        error: error('userId'),
        autocomplete: 'username',
        maxlength: 100,
      })}
      ${textField({
        name: 'password',
        label: t('password'),
        type: 'password',
        error: error('password'),
        autocomplete: 'current-password',
        maxlength: 100,
      })}
      <div class="actions">
        <button class="primary" type="submit" name="action" value="login">${t('logIn')}</button>
        <button class="secondary" type="submit" name="action" value="cancel">${t('cancel')}</button>
      </div>
    </form>`;
  return methodPage(context, input, title, panel);
}

/** After the login at an online bank: the payer approves, or the test bank is made to reject. */
export function bankConfirmPage(context: PageContext, input: MethodPageInput): string {
  const { t } = context;
  const panel = html`<h2 id="method-title">${t('confirmPayment')}</h2>
    <p class="lead">${t('confirmHint')}</p>
    <form method="post" action="${sandboxPaths.bankConfirm}">
      ${hiddenTransaction(input.transaction)}
      <div class="actions">
        <button class="primary" type="submit" name="action" value="approve">${t('approve')}</button>
        <button class="secondary" type="submit" name="action" value="reject">${t('reject')}</button>
        <button class="tertiary" type="submit" name="action" value="cancel">${t('cancel')}</button>
      </div>
    </form>`;
  return methodPage(context, input, t('confirmPayment'), panel);
}

/** After the login at a corporate bank: the payment goes to the company's approver. */
export function corporateSubmitPage(context: PageContext, input: MethodPageInput): string {
  const { t } = context;
  const bank = input.transaction.channel.name;
  const panel = html`<h2 id="method-title">${t('submitForApprovalTitle')}</h2>
    <p>${t('submitForApprovalIntro', { bank })}</p>
    <form method="post" action="${sandboxPaths.bankConfirm}">
      ${hiddenTransaction(input.transaction)}
      <div class="actions">
        <button class="primary" type="submit" name="action" value="submit">
          ${t('submitForApproval')}
        </button>
        <button class="secondary" type="submit" name="action" value="cancel">${t('cancel')}</button>
      </div>
    </form>`;
  return methodPage(context, input, t('submitForApprovalTitle'), panel);
}

export interface BankWaitInput extends MethodPageInput {
  /** When the page asks again; the server decides by the time, whenever the browser comes. */
  refreshSeconds: number;
}

/** The bank has not answered: the page reloads itself, no script needed, until the time is up. */
export function bankWaitPage(context: PageContext, input: BankWaitInput): string {
  const { t } = context;
  const again = `${sandboxPaths.bankWait}?${new URLSearchParams({ transaction: input.transaction.id })}`;
  const head = html`<meta http-equiv="refresh" content="${input.refreshSeconds};url=${again}" />`;
  const panel = html`<div class="waiting">
      <span class="spinner" aria-hidden="true"></span>
      <h2 id="method-title">${t('bankWaitTitle')}</h2>
    </div>
    <p role="status">${t('bankWaitText', { bank: input.transaction.channel.name })}</p>
    <p><a class="link-button" href="${again}">${t('checkAgain')}</a></p>`;
  return methodPage(context, input, t('bankWaitTitle'), panel, head);
}

/** A bank that is down: nothing to do but go back to the merchant. */
export function bankOfflinePage(context: PageContext, input: MethodPageInput): string {
  const { t } = context;
  const title = t('bankOfflineTitle', { bank: input.transaction.channel.name });
  const panel = html`<h2 id="method-title">${title}</h2>
    <p>${t('bankOfflineText')}</p>
    <form method="post" action="${sandboxPaths.bankConfirm}">
      ${hiddenTransaction(input.transaction)}
      <div class="actions">
        <button class="primary" type="submit" name="action" value="back">
          ${t('backToMerchant')}
        </button>
      </div>
    </form>`;
  return methodPage(context, input, title, panel);
}

export interface WalletPageInput extends MethodPageInput {
  values?: WalletValues;
  errors?: WalletErrors;
}

/** A wallet's page: the payer's mobile number and PIN; shown again with `errors`. */
export function walletPage(context: PageContext, input: WalletPageInput): string {
  const { t } = context;
  const { transaction, errors = {} } = input;
  const title = t('payWith', { wallet: transaction.channel.name });
  const problems = (['mobile', 'pin'] as const)
    .filter((field) => errors[field])
    .map((field) => ({ fieldId: field, message: t(errors[field]!) }));
  const error = (field: keyof WalletErrors) => {
    const key = errors[field];
    return key && t(key);
  };
  const panel = html`<h2 id="method-title">${title}</h2>
    ${errorSummary(context, problems)}
    <form method="post" action="${sandboxPaths.walletPay}" novalidate>
      ${hiddenTransaction(transaction)}
      ${textField({
        name: 'mobile',
        label: t('mobileNumber'),
        value: input.values?.mobile,
        hint: t('mobileHint'),
        error: error('mobile'),
        type: 'tel',
        inputmode: 'tel',
        autocomplete: 'tel-national',
        maxlength: 20,
      })}
      ${textField({
        name: 'pin',
        label: t('walletPin'),
        hint: t('walletPinHint'),
        error: error('pin'),
        type: 'password',
        inputmode: 'numeric',
        autocomplete: 'off',
        maxlength: 6,
      })}
      <div class="actions">
        <button class="primary" type="submit" name="action" value="pay">${t('pay')}</button>
        <button class="secondary" type="submit" name="action" value="cancel">${t('cancel')}</button>
      </div>
    </form>`;
  return methodPage(context, input, title, panel);
}

export interface ApprovalsInput {
  /** Corporate payments submitted and not yet decided, oldest first. */
  pending: Transaction[];
  /** Corporate payments decided here, newest first. */
  decided: Transaction[];
}

/**
 * The sandbox's stand-in for a company's approver: its own test page, not a gateway path. Each
 * button names its payment's reference, so that every one has a name of its own.
 */
export function approvalsPage(context: PageContext, input: ApprovalsInput): string {
  const { language, t } = context;
  // One element in each cell: on a narrow screen the cell is a grid of its label and that.
  const cell = (label: string, content: SafeHtml | string, className = '') =>
    html`<td data-label="${label}"><div class="${className}">${content}</div></td>`;
  const pendingRow = (transaction: Transaction) => {
    const reference = transaction.request.RefNo;
    return html`<tr>
      ${cell(t('bankName'), transaction.channel.name)} ${cell(t('reference'), reference, 'nowrap')}
      ${cell(t('amount'), shownAmount(transaction), 'nowrap')}
      ${cell(t('submittedAt'), writtenDateTime(transaction.submittedAt!, language))}
      ${cell(
        t('actions'),
        html`<form class="row-actions" method="post" action="${sandboxPaths.approvals}">
          ${hiddenTransaction(transaction)}
          <button class="primary" type="submit" name="decision" value="approve">
            ${t('approve')}<span class="visually-hidden"> ${reference}</span>
          </button>
          <button class="secondary" type="submit" name="decision" value="reject">
            ${t('reject')}<span class="visually-hidden"> ${reference}</span>
          </button>
        </form>`,
      )}
    </tr>`;
  };
  const decidedRow = (transaction: Transaction) =>
    html`<tr>
      ${cell(t('bankName'), transaction.channel.name)}
      ${cell(t('reference'), transaction.request.RefNo, 'nowrap')}
      ${cell(t('amount'), shownAmount(transaction), 'nowrap')}
      ${cell(t('decidedAt'), writtenDateTime(transaction.decidedAt!, language))}
      ${cell(t('result'), t(transaction.state === 'paid' ? 'approvedState' : 'rejectedState'))}
    </tr>`;
  const head = (last: string) =>
    html`<thead>
      <tr>
        <th scope="col">${t('bankName')}</th>
        <th scope="col">${t('reference')}</th>
        <th scope="col">${t('amount')}</th>
        <th scope="col">${last === 'actions' ? t('submittedAt') : t('decidedAt')}</th>
        <th scope="col">${last === 'actions' ? t('actions') : t('result')}</th>
      </tr>
    </thead>`;

  const body = html`<section class="panel" aria-labelledby="approvals-title">
      <h1 id="approvals-title">${t('approvalsTitle')}</h1>
      <p>${t('approvalsIntro')}</p>
      ${
        input.pending.length === 0
          ? html`<p class="muted">${t('approvalsNone')}</p>`
          : html`<table class="stack">
              ${head('actions')}
              <tbody>
                ${input.pending.map(pendingRow)}
              </tbody>
            </table>`
      }
    </section>
    ${
      input.decided.length > 0 &&
      html`<section class="panel" aria-labelledby="decided-title">
        <h2 id="decided-title">${t('decidedPayments')}</h2>
        <table class="stack">
          ${head('result')}
          <tbody>
            ${input.decided.map(decidedRow)}
          </tbody>
        </table>
      </section>`
    }`;
  return layout(context, t('approvalsTitle'), body, 'single wide');
}

/** An approval for a payment that is no longer waiting: decided already, or never submitted. */
export function approvalClosedPage(context: PageContext): string {
  const { t } = context;
  const body = html`<section class="panel">
    <h1>${t('approvalClosed')}</h1>
    <p><a class="link-button" href="${sandboxPaths.approvals}">${t('backToApprovals')}</a></p>
  </section>`;
  return layout(context, t('approvalClosed'), body, 'single');
}

/** The home page's list of test banks and wallets, with what each does. */
export function testChannelsPanel(context: PageContext, bankTimeoutMs: number): SafeHtml {
  const { t } = context;
  const seconds = Math.round(bankTimeoutMs / 100) / 10;
  return html`<section class="panel" aria-labelledby="test-banks-title">
    <h2 id="test-banks-title">${t('testBanks')}</h2>
    <p class="lead">${t('testBanksHint')}</p>
    <table class="stack">
      <thead>
        <tr>
          <th scope="col">${t('bankOrWallet')}</th>
          <th scope="col">PaymentId</th>
          <th scope="col">${t('result')}</th>
        </tr>
      </thead>
      <tbody>
        ${testChannelRows.map(
          (row) =>
            html`<tr>
              <td data-label="${t('bankOrWallet')}"><div>${row.names.join(', ')}</div></td>
              <td data-label="PaymentId"><div>${row.paymentIds.join(', ')}</div></td>
              <td data-label="${t('result')}">
                <div>
                  ${t(row.result, { seconds })}${row.errDesc && html` (<code>${row.errDesc}</code>)`}
                </div>
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}
