/**
 * The pages of the banks the sandbox plays: a bank's login and confirmation, and a bank that does
 * not answer or is down.
 */
import { html, type SafeHtml } from '@portal/domain/html';
import type { BankLoginErrors, BankLoginValues } from './method-forms';
import { errorSummary, layout, summaryPanel, textField, type PageContext } from './page-layout';
import { sandboxPaths } from './sandbox-paths';
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

/** A bank's login: user ID and password. */
export function bankLoginPage(context: PageContext, input: BankLoginInput): string {
  const { t } = context;
  const { transaction, errors = {} } = input;
  const values: Partial<BankLoginValues> = input.values ?? {};
  const bank = transaction.channel.name;
  const error = (field: keyof BankLoginErrors) => {
    const key = errors[field];
    return key && t(key);
  };
  const problems = (['userId', 'password'] as const)
    .filter((field) => errors[field])
    .map((field) => ({ fieldId: field, message: t(errors[field]!) }));
  const title = t('logInTo', { bank });

  const panel = html`<h2 id="method-title">${title}</h2>
    <p class="lead">${t('loginHint')}</p>
    ${errorSummary(context, problems)}
    <form method="post" action="${sandboxPaths.bankLogin}" novalidate>
      ${hiddenTransaction(transaction)}
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
